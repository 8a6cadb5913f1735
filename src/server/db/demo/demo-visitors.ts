// Made-up visitors for the demo queues: names and languages that fit each branch's country,
// with a mobile number in E.164 for that country and/or an email at a reserved example domain.
import type { Locale } from "../../../shared/domain.ts";
import type { clients } from "../schema.ts";
import type { SeededRandom } from "./seeded-random.ts";

type Person = readonly [firstName: string, lastName: string, lang: Locale];

const NORTH_AMERICA: readonly Person[] = [
  ["Olivia", "Martin", "en"],
  ["Liam", "Thompson", "en"],
  ["Emma", "Roy", "fr"],
  ["Noah", "Gagné", "fr"],
  ["Ava", "Singh", "en"],
  ["Ethan", "Nguyen", "en"],
  ["Isabella", "García", "es"],
  ["Mateo", "Hernández", "es"],
  ["Ji-woo", "Park", "ko"],
  ["Min-jun", "Choi", "ko"],
  ["Wei", "Zhang", "zh-CN"],
  ["Xiu", "Li", "zh-CN"],
  ["Dmitri", "Volkov", "ru"],
  ["Anya", "Petrova", "ru"],
  ["Lucas", "Oliveira", "pt-BR"],
  ["Beatriz", "Santos", "pt-BR"],
  ["Chloe", "Wilson", "en"],
  ["James", "Campbell", "en"],
  ["Aisha", "Mohamed", "en"],
  ["Benjamin", "Cohen", "en"],
  ["Maya", "Anderson", "en"],
  ["Owen", "MacDonald", "en"],
  ["Zoe", "Lefebvre", "fr"],
  ["Hannah", "Kowalski", "pl"],
];

const POLAND: readonly Person[] = [
  ["Anna", "Kowalska", "pl"],
  ["Jakub", "Wójcik", "pl"],
  ["Zofia", "Kamińska", "pl"],
  ["Jan", "Lewandowski", "pl"],
  ["Maja", "Zielińska", "pl"],
  ["Antoni", "Szymański", "pl"],
  ["Oliwia", "Woźniak", "pl"],
  ["Aleksander", "Dąbrowski", "pl"],
  ["Olena", "Shevchenko", "ru"],
  ["Emily", "Clarke", "en"],
];

const PORTUGAL: readonly Person[] = [
  ["Inês", "Rodrigues", "pt-BR"],
  ["Duarte", "Pereira", "pt-BR"],
  ["Leonor", "Costa", "pt-BR"],
  ["Rafael", "Almeida", "pt-BR"],
  ["Sophie", "Dubois", "fr"],
];

const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"] as const;

function peopleOf(country: string): readonly Person[] {
  if (country === "PL") return POLAND;
  if (country === "PT") return PORTUGAL;
  return NORTH_AMERICA;
}

function digits(random: SeededRandom, count: number): string {
  let result = "";
  for (let i = 0; i < count; i++) result += String(random.int(0, 9));
  return result;
}

/** A mobile number in E.164 for the branch's country; North America uses the fictional 555-01xx. */
function mobileNumber(
  country: string,
  branchPhone: string | null | undefined,
  random: SeededRandom,
): string {
  if (country === "PL") return `+48${random.pick(["5", "6", "7", "8"])}${digits(random, 8)}`;
  if (country === "PT") return `+3519${random.pick(["1", "2", "3", "6"])}${digits(random, 7)}`;
  const areaCode = branchPhone?.startsWith("+1") ? branchPhone.slice(2, 5) : "416";
  return `+1${areaCode}55501${digits(random, 2)}`;
}

function emailLocalPart(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁ]/g, "l")
    .replace(/[^A-Za-z.-]/g, "")
    .toLowerCase();
}

type ClientRow = Omit<typeof clients.$inferInsert, "vendorId">;

/** A visitor for a branch in `country`; every visitor can be notified by phone, email or both. */
export function demoVisitor(
  country: string,
  branchPhone: string | null | undefined,
  random: SeededRandom,
): ClientRow {
  const [firstName, lastName, lang] = random.pick(peopleOf(country));
  const contact = random.pick(["both", "both", "phone", "email"] as const);
  const cellPhone = contact === "email" ? null : mobileNumber(country, branchPhone, random);
  const email =
    contact === "phone"
      ? null
      : `${emailLocalPart(firstName, lastName)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`;
  return {
    firstName,
    lastName,
    lang,
    cellPhone,
    email,
    receiveSms: cellPhone !== null && random.chance(0.7),
  };
}
