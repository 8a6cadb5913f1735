// Every class of PostgreSQL advisory lock the server takes, in one place so that no two purposes
// ever share a lock by accident. All take the two-key form, (class, key): a class is four ASCII
// letters read as a 32-bit integer, and the second key says which thing of that class is locked
// (0 when there is one for the whole database). Two-key locks never collide with single-key ones.

/**
 * One "start serving" at a time per staff member (key: user id), so nobody ends up serving two
 * visitors; transaction-scoped (src/server/lobby/serving-locks.ts).
 */
export const SERVING_LOCK_CLASS = 0x53_45_52_56; // "SERV"

/**
 * A location's line while its wait times are recalculated (key: location id): recalculations hold
 * it exclusively, one after the other, each seeing the writes of the one before; call next holds it
 * shared, so it never runs while a recalculation writes expected starts (the recalculation's row
 * locks would make SKIP LOCKED pass over the visitor at the front). Transaction-scoped.
 */
export const WAIT_TIME_LOCK_CLASS = 0x57_41_49_54; // "WAIT"

/**
 * Seeding the demo data into an empty database (key 0), so two nodes starting together on one
 * PostgreSQL take turns and the second finds the data there; transaction-scoped.
 */
export const SEED_LOCK_CLASS = 0x53_45_45_44; // "SEED"

/**
 * Applying the migrations at start (key 0), so nodes starting together on a fresh database never
 * run them twice at once; session-scoped, released when the migrations are done.
 */
export const MIGRATION_LOCK_CLASS = 0x4d_49_47_52; // "MIGR"

/**
 * Setting up an empty database (key 0): issuing the setup link at start and spending it take turns,
 * so two nodes starting together leave one working link, and two uses of it make one vendor;
 * transaction-scoped (src/server/setup/).
 */
export const SETUP_LOCK_CLASS = 0x53_45_54_55; // "SETU"

/**
 * Creating a vendor (key 0), so the slug and host names checked free are still free when inserted;
 * transaction-scoped (src/server/setup/vendor-records.ts).
 */
export const VENDOR_CREATE_LOCK_CLASS = 0x56_4e_44_52; // "VNDR"
