// A small form store for the visitor's callback form: the part of react-hook-form's API that form
// uses, under the same names and with the same behaviour, without its ~14 KB gz on the page.
// Inputs stay uncontrolled (register's ref writes the value in, onChange reads it back); a resolver
// validates the whole form and each change updates only the changed field's error (and its deps'),
// as react-hook-form does; useWatch and Controller re-render only on the values they read.
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useRef,
  useSyncExternalStore,
} from "react";

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date;

/** Dotted names of every value of `V` ("car_details.make", "answers.q12"). */
export type Path<V> = {
  [K in keyof V & string]: V[K] extends Primitive | readonly unknown[]
    ? K
    : K | `${K}.${Path<V[K]>}`;
}[keyof V & string];

/** The type of the value at `P` in `V`. */
export type PathValue<V, P extends string> = P extends `${infer K}.${infer R}`
  ? K extends keyof V
    ? PathValue<V[K], R>
    : never
  : P extends keyof V
    ? V[P]
    : never;

export type FieldError = { type: string; message?: string };

export type FieldErrors<V = Record<string, unknown>> = {
  [K in keyof V]?: V[K] extends readonly unknown[]
    ? FieldError
    : V[K] extends object
      ? FieldErrors<V[K]>
      : FieldError;
};

export type ResolverOptions<_V = unknown> = {
  /** the fields whose errors the caller will use (all of them on submit) */
  names?: readonly string[];
};

export type ResolverResult<V, T = V> =
  | { values: T; errors: Record<string, never> }
  | { values: Record<string, unknown>; errors: FieldErrors<V> };

export type Resolver<V, C = unknown, T = V> = (
  values: V,
  context: C | undefined,
  options: ResolverOptions<V>,
) => Promise<ResolverResult<V, T>>;

export type ValidationMode = "onSubmit" | "onChange" | "onBlur";

export type UseFormProps<V, C, T> = {
  defaultValues: V;
  resolver?: Resolver<V, C, T>;
  /** when a field is validated before the first submit (default onSubmit) */
  mode?: ValidationMode;
  /** when after it (default onChange) */
  reValidateMode?: ValidationMode;
};

export type RegisterOptions<V, _N extends Path<V> = Path<V>> = {
  /** fields validated again whenever this one is */
  deps?: Path<V> | readonly Path<V>[];
};

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type ChangeHandler = (event: { target: unknown; type?: string }) => Promise<void>;

export type UseFormRegisterReturn<N extends string = string> = {
  name: N;
  onChange: ChangeHandler;
  onBlur: ChangeHandler;
  ref: (element: FieldElement | null) => (() => void) | undefined;
};

export type FormState<V> = {
  errors: FieldErrors<V>;
  isSubmitting: boolean;
  isSubmitted: boolean;
  isSubmitSuccessful: boolean;
  submitCount: number;
};

type Field<V> = {
  name: string;
  /** the inputs holding the value (a radio group has several); empty when controlled */
  elements: FieldElement[];
  /** what focus() reaches for a controlled field (Controller's field.ref) */
  focusTarget: { focus(): void } | null;
  controlled: boolean;
  options: RegisterOptions<V>;
  handlers: UseFormRegisterReturn;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !(value instanceof Date);

/** The value at a dotted `path` of `object`, or `fallback` when there is none. */
// biome-ignore lint/suspicious/noExplicitAny: as react-hook-form's get, typed by the caller
export function get(object: unknown, path: string, fallback?: unknown): any {
  let value: unknown = object;
  for (const key of path.split(".")) {
    if (!isObject(value)) return fallback;
    value = value[key];
  }
  return value === undefined ? fallback : value;
}

/** `object` with `value` at `path`, every object on the way copied (the rest shared). */
function setIn<O>(object: O, path: string, value: unknown): O {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  const source = (isObject(object) ? object : {}) as Record<string, unknown>;
  const copy = (Array.isArray(source) ? [...source] : { ...source }) as Record<string, unknown>;
  copy[key] = rest.length === 0 ? value : setIn(source[key], rest.join("."), value);
  return copy as O;
}

/** `object` without `path`, objects left empty by the removal removed too. */
function unsetIn<O>(object: O, path: string): O {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  if (!isObject(object) || !(key in object)) return object;
  const { [key]: child, ...others } = object as Record<string, unknown>;
  if (rest.length === 0) return others as O;
  const inner = unsetIn(child, rest.join("."));
  if (inner === child) return object;
  if (isObject(inner) && Object.keys(inner).length === 0) return others as O;
  return { ...others, [key]: inner } as O;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => deepEqual(a[key], b[key]));
}

const isEmpty = (object: object) => Object.keys(object).length === 0;

const isChoice = (element: FieldElement) =>
  element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox");

/** What the inputs of a field hold, read as react-hook-form reads them. */
function readValue(elements: FieldElement[]): unknown {
  const [first] = elements;
  if (!first) return undefined;
  if (!(first instanceof HTMLInputElement)) return first.value;
  if (first.type === "radio") {
    return (elements as HTMLInputElement[]).find((radio) => radio.checked)?.value ?? null;
  }
  if (first.type === "checkbox") {
    const boxes = elements as HTMLInputElement[];
    if (boxes.length > 1)
      return boxes.filter((box) => box.checked && !box.disabled).map((box) => box.value);
    if (!first.checked || first.disabled) return false;
    // A box without a value attribute is a yes/no; one with a value gives it.
    return first.hasAttribute("value") && first.value !== "" ? first.value : true;
  }
  return first.value;
}

function writeValue(elements: FieldElement[], value: unknown) {
  const [first] = elements;
  if (!first) return;
  if (first instanceof HTMLInputElement && first.type === "radio") {
    for (const radio of elements as HTMLInputElement[]) radio.checked = radio.value === value;
  } else if (first instanceof HTMLInputElement && first.type === "checkbox") {
    const boxes = elements as HTMLInputElement[];
    if (boxes.length > 1) {
      for (const box of boxes)
        box.checked = Array.isArray(value) ? value.includes(box.value) : value === box.value;
    } else first.checked = Boolean(value);
  } else {
    for (const element of elements) element.value = value == null ? "" : String(value);
  }
}

/**
 * Where a field's error is in `errors`: at its name, or at the nearest enclosing value holding
 * one (a rule on the whole object), unless that enclosing value is a field of its own.
 */
function errorLookup<V>(errors: FieldErrors<V>, fields: Map<string, Field<V>>, name: string) {
  const exact = get(errors, name) as FieldError | undefined;
  if (exact) return { name, error: exact };
  const parts = name.split(".");
  while (parts.length > 1) {
    parts.pop();
    const parent = parts.join(".");
    if (fields.has(parent)) return { name };
    const found = get(errors, parent) as FieldError | undefined;
    if (found?.type) return { name: parent, error: found };
  }
  return { name };
}

const toNames = (names: string | readonly string[] | undefined) =>
  names === undefined ? [] : typeof names === "string" ? [names] : [...names];

/** The form's state and its fields; `control` in the hooks below. */
export class FormStore<V extends object, C = unknown, T = V> {
  options: UseFormProps<V, C, T>;
  values: V;
  state: FormState<V> = {
    errors: {},
    isSubmitting: false,
    isSubmitted: false,
    isSubmitSuccessful: false,
    submitCount: 0,
  };
  /** in the order they were first registered: the order errors are focused in */
  readonly fields = new Map<string, Field<V>>();
  private readonly valueListeners = new Set<() => void>();
  private readonly stateListeners = new Set<() => void>();

  constructor(options: UseFormProps<V, C, T>) {
    this.options = options;
    this.values = structuredClone(options.defaultValues);
  }

  subscribeValues = (listener: () => void) => {
    this.valueListeners.add(listener);
    return () => void this.valueListeners.delete(listener);
  };

  subscribeState = (listener: () => void) => {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  };

  getFormState = () => this.state;

  private updateState(change: Partial<FormState<V>>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.stateListeners) listener();
  }

  private storeValue(name: string, value: unknown) {
    this.values = setIn(this.values, name, value);
    for (const listener of this.valueListeners) listener();
  }

  private field(name: string, controlled: boolean): Field<V> {
    const known = this.fields.get(name);
    if (known) return known;
    const field: Field<V> = {
      name,
      elements: [],
      focusTarget: null,
      controlled,
      options: {},
      handlers: {
        name,
        onChange: async (event) => {
          const target = event.target as FieldElement | { value: unknown };
          const value =
            target instanceof HTMLElement && !field.controlled
              ? readValue(field.elements.includes(target) ? field.elements : [target])
              : (target as { value: unknown }).value;
          await this.change(field, value, false);
        },
        onBlur: async () => {
          await this.change(field, get(this.values, name), true);
        },
        ref: (element) => {
          if (!element) return undefined;
          if (field.controlled) {
            field.focusTarget = element;
            return () => {
              if (field.focusTarget === element) field.focusTarget = null;
            };
          }
          field.elements = [...field.elements.filter((known) => known.isConnected), element];
          const value = get(this.values, name);
          if (value === undefined)
            this.values = setIn(this.values, name, readValue(field.elements));
          else writeValue(field.elements, value);
          return () => {
            field.elements = field.elements.filter((known) => known !== element);
          };
        },
      },
    };
    this.fields.set(name, field);
    return field;
  }

  register = <N extends Path<V>>(
    name: N,
    options: RegisterOptions<V, N> = {},
  ): UseFormRegisterReturn<N> => {
    const field = this.field(name, false);
    field.options = options;
    return field.handlers as UseFormRegisterReturn<N>;
  };

  /** Controller's registration: the value is set by onChange(value), the element only focused. */
  registerControlled(name: string, defaultValue: unknown): UseFormRegisterReturn {
    const field = this.field(name, true);
    if (get(this.values, name) === undefined) this.values = setIn(this.values, name, defaultValue);
    return field.handlers;
  }

  private validatesOn(blur: boolean): boolean {
    const mode = this.state.isSubmitted
      ? (this.options.reValidateMode ?? "onChange")
      : (this.options.mode ?? "onSubmit");
    return mode === (blur ? "onBlur" : "onChange");
  }

  private async runResolver(names: readonly string[]) {
    const { resolver } = this.options;
    if (!resolver) return { values: this.values as unknown as T, errors: {} as FieldErrors<V> };
    return resolver(this.values, undefined, { names });
  }

  private async change(field: Field<V>, value: unknown, blur: boolean) {
    const { name } = field;
    if (!blur) this.storeValue(name, value);
    if (!this.options.resolver || !this.validatesOn(blur)) return;
    const { errors } = await this.runResolver([name]);
    // A later change has been made meanwhile: its own run decides.
    if (!deepEqual(value, get(this.values, name, value))) return;
    const previous = errorLookup(this.state.errors, this.fields, name);
    const current = errorLookup(errors, this.fields, previous.name);
    this.setFieldError(current.name, current.error);
    const deps = toNames(field.options.deps);
    if (deps.length > 0) await this.trigger(deps as Path<V>[]);
  }

  private setFieldError(name: string, error: FieldError | undefined) {
    this.updateState({
      errors: error ? setIn(this.state.errors, name, error) : unsetIn(this.state.errors, name),
    });
  }

  /** Validates `names` (all fields without) and updates their errors; true when they are valid. */
  trigger = async (names?: Path<V> | readonly Path<V>[]): Promise<boolean> => {
    const list = toNames(names);
    const { errors } = await this.runResolver(list.length ? list : [...this.fields.keys()]);
    if (list.length === 0) {
      this.updateState({ errors });
      return isEmpty(errors);
    }
    let next = this.state.errors;
    for (const name of list) {
      const error = get(errors, name) as FieldError | undefined;
      next = error ? setIn(next, name, error) : unsetIn(next, name);
    }
    this.updateState({ errors: next });
    return !list.some((name) => get(errors, name));
  };

  getValues: {
    (): V;
    <N extends Path<V>>(name: N): PathValue<V, N>;
  } = (name?: string) => (name === undefined ? this.values : get(this.values, name)) as never;

  setValue = <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
    const field = this.fields.get(name);
    if (field && !field.controlled) writeValue(field.elements, value);
    this.storeValue(name, value);
  };

  setError = (name: Path<V>, error: FieldError, options: { shouldFocus?: boolean } = {}) => {
    const { type, message } = error;
    this.setFieldError(name, { type, message });
    if (!options.shouldFocus) return;
    // As react-hook-form: a radio or checkbox group has no single element to focus.
    const field = this.fields.get(name);
    const [element] = field?.elements ?? [];
    if (field?.controlled) field.focusTarget?.focus();
    else if (element && !isChoice(element)) element.focus();
  };

  /** The first field (in registration order) with an error and an element on the page. */
  private focusFirstError() {
    for (const field of this.fields.values()) {
      if (!get(this.state.errors, field.name)) continue;
      const target = field.controlled
        ? field.focusTarget
        : field.elements.find((element) => element.isConnected);
      if (target) {
        target.focus();
        return;
      }
    }
  }

  handleSubmit =
    (onValid: (values: T, event?: { preventDefault(): void }) => unknown | Promise<unknown>) =>
    async (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      this.updateState({ isSubmitting: true });
      const result = await this.runResolver([...this.fields.keys()]);
      this.state = { ...this.state, errors: result.errors };
      let failure: { error: unknown } | null = null;
      if (isEmpty(result.errors)) {
        this.updateState({ errors: {} });
        try {
          await onValid(result.values as T, event);
        } catch (error) {
          failure = { error };
        }
      } else {
        this.focusFirstError();
        // Again once the errors are on the page (a field may only now be shown).
        setTimeout(() => this.focusFirstError());
      }
      this.updateState({
        isSubmitted: true,
        isSubmitting: false,
        isSubmitSuccessful: isEmpty(this.state.errors) && !failure,
        submitCount: this.state.submitCount + 1,
      });
      if (failure) throw failure.error;
    };
}

export type Control<V extends object> = FormStore<V, unknown, unknown>;

export type UseFormReturn<V extends object, C = unknown, T = V> = Pick<
  FormStore<V, C, T>,
  "register" | "handleSubmit" | "setValue" | "setError" | "getValues" | "trigger"
> & { formState: FormState<V>; control: FormStore<V, C, T> };

function methodsOf<V extends object, C, T>(store: FormStore<V, C, T>): UseFormReturn<V, C, T> {
  return {
    register: store.register,
    handleSubmit: store.handleSubmit,
    setValue: store.setValue,
    setError: store.setError,
    getValues: store.getValues,
    trigger: store.trigger,
    formState: store.state,
    control: store,
  };
}

/** The form: one object for the component's life (safe in effect deps), its formState current. */
export function useForm<V extends object, C = unknown, T = V>(
  options: UseFormProps<V, C, T>,
): UseFormReturn<V, C, T> {
  const ref = useRef<UseFormReturn<V, C, T> | null>(null);
  if (!ref.current) ref.current = methodsOf(new FormStore(options));
  const form = ref.current;
  form.control.options = options;
  form.formState = useSyncExternalStore(
    form.control.subscribeState,
    form.control.getFormState,
    form.control.getFormState,
  );
  return form;
}

type AnyForm = UseFormReturn<object, unknown, unknown>;

const FormContext = createContext<AnyForm | null>(null);

export function FormProvider<V extends object, C, T>({
  children,
  ...form
}: UseFormReturn<V, C, T> & { children: ReactNode }) {
  return createElement(FormContext.Provider, { value: form as unknown as AnyForm }, children);
}

export function useFormContext<V extends object>(): UseFormReturn<V> {
  const form = useContext(FormContext);
  if (!form) throw new Error("useFormContext needs a FormProvider above it");
  const formState = useSyncExternalStore(
    form.control.subscribeState,
    form.control.getFormState,
    form.control.getFormState,
  );
  return { ...form, formState } as unknown as UseFormReturn<V>;
}

function useControl<V extends object>(control: Control<V> | undefined): Control<V> {
  const form = useContext(FormContext);
  const found = control ?? (form?.control as Control<V> | undefined);
  if (!found) throw new Error("useWatch needs a control or a FormProvider above it");
  return found;
}

/** The current value(s) at `name`; re-renders when they change. */
export function useWatch<V extends object, N extends Path<V>>(props: {
  name: N;
  control?: Control<V>;
}): PathValue<V, N>;
export function useWatch<V extends object, const N extends readonly Path<V>[]>(props: {
  name: N;
  control?: Control<V>;
}): { [I in keyof N]: PathValue<V, N[I] & string> };
export function useWatch<V extends object>(props: {
  name: string | readonly string[];
  control?: Control<V>;
}): unknown {
  const control = useControl(props.control);
  const last = useRef<unknown[] | null>(null);
  const { name } = props;
  const snapshot = () => {
    if (typeof name === "string") return get(control.values, name);
    const now = name.map((one) => get(control.values, one));
    if (last.current?.length === now.length && now.every((v, i) => Object.is(v, last.current?.[i])))
      return last.current;
    last.current = now;
    return now;
  };
  return useSyncExternalStore(control.subscribeValues, snapshot, snapshot);
}

export type ControllerRenderProps<V> = {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  ref: (element: { focus(): void } | null) => (() => void) | undefined;
};

/** A field whose value the render function shows and sets itself (e.g. a checkbox group's list). */
export function Controller<V extends object, N extends Path<V>>(props: {
  control?: Control<V>;
  name: N;
  defaultValue: PathValue<V, N>;
  render: (props: { field: ControllerRenderProps<PathValue<V, N>> }) => ReactNode;
}) {
  const control = useControl(props.control);
  const handlers = control.registerControlled(props.name, props.defaultValue);
  const value = useWatch<V, N>({ control, name: props.name });
  return props.render({
    field: {
      name: props.name,
      value: value ?? props.defaultValue,
      onChange: (next) => void handlers.onChange({ target: { value: next }, type: "change" }),
      onBlur: () => void handlers.onBlur({ target: null, type: "blur" }),
      ref: handlers.ref as ControllerRenderProps<PathValue<V, N>>["ref"],
    },
  });
}
