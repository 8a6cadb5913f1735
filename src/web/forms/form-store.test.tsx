// @vitest-environment jsdom
// The form store behaves as the callback form relies on: values held by uncontrolled inputs,
// validation when the mode says (the changed field's error only, then its deps), async results
// that arrive late dropped, focus on the first error on submit, isSubmitting during the submit.
import { act, cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  Controller,
  type FieldErrors,
  FormProvider,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
  useFormContext,
  useWatch,
} from "./form-store.ts";

type Values = {
  name: string;
  email: string;
  method: string;
  agree: boolean;
  car: { make: string };
  answers: Record<string, string | string[]>;
};

const defaults: Values = {
  name: "",
  email: "",
  method: "1",
  agree: false,
  car: { make: "" },
  answers: {},
};

/** Required name and email (by message id), the email needing an "@"; the output upper-cased. */
const rules: Resolver<Values, unknown, { name: string }> = async (values) => {
  const errors: FieldErrors<Values> = {};
  if (values.name === "") errors.name = { type: "required", message: "name.required" };
  if (!values.email.includes("@")) errors.email = { type: "format", message: "email.invalid" };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { name: values.name.toUpperCase() }, errors: {} };
};

function ErrorLine({ name }: { name: string }) {
  const { formState } = useFormContext<Values>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return <p data-testid={`${name}-error`}>{error?.message ?? ""}</p>;
}

function Echo() {
  const [name, method] = useWatch<Values, readonly ["name", "method"]>({
    name: ["name", "method"],
  });
  return <output>{`${name}|${method}`}</output>;
}

type Props = {
  resolver?: Resolver<Values, unknown, { name: string }>;
  mode?: "onSubmit" | "onChange" | "onBlur";
  onValid?: (values: { name: string }) => unknown;
  withCar?: boolean;
  expose?: (form: UseFormReturn<Values, unknown, { name: string }>) => void;
};

function TestForm({ resolver = rules, mode, onValid = () => {}, withCar, expose }: Props) {
  const form = useForm<Values, unknown, { name: string }>({
    defaultValues: defaults,
    resolver,
    mode,
  });
  expose?.(form);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        {withCar && <input aria-label="make" {...form.register("car.make")} />}
        <input aria-label="name" {...form.register("name")} />
        <ErrorLine name="name" />
        <input aria-label="email" {...form.register("email", { deps: ["name"] })} />
        <ErrorLine name="email" />
        <input type="radio" aria-label="walk in" value="1" {...form.register("method")} />
        <input type="radio" aria-label="curbside" value="2" {...form.register("method")} />
        <input type="checkbox" aria-label="agree" {...form.register("agree")} />
        <Controller
          control={form.control}
          name="answers.q1"
          defaultValue={[]}
          render={({ field }) => {
            const ticked = Array.isArray(field.value) ? field.value : [];
            return (
              <>
                {["a", "b"].map((option, index) => (
                  <input
                    key={option}
                    ref={index === 0 ? field.ref : undefined}
                    type="checkbox"
                    aria-label={`option ${option}`}
                    checked={ticked.includes(option)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...ticked, option]
                          : ticked.filter((v) => v !== option),
                      )
                    }
                  />
                ))}
              </>
            );
          }}
        />
        <Echo />
        <p data-testid="submitting">{String(form.formState.isSubmitting)}</p>
        <p data-testid="submitted">{String(form.formState.isSubmitted)}</p>
        <button type="submit">send</button>
      </form>
    </FormProvider>
  );
}

const errorText = (name: string) => screen.getByTestId(`${name}-error`).textContent;

afterEach(cleanup);

describe("form store", () => {
  it("writes the default values into the inputs and reads what is typed or picked", async () => {
    const user = userEvent.setup();
    let form: UseFormReturn<Values, unknown, { name: string }> | undefined;
    render(<TestForm expose={(f) => (form = f)} />);
    expect((screen.getByLabelText("walk in") as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText("name"), "Ada");
    await user.click(screen.getByLabelText("curbside"));
    await user.click(screen.getByLabelText("agree"));
    await user.click(screen.getByLabelText("option b"));
    expect(form?.getValues()).toMatchObject({
      name: "Ada",
      method: "2",
      agree: true,
      answers: { q1: ["b"] },
    });
    expect(screen.getByRole("status").textContent).toBe("Ada|2");
  });

  it("setValue updates the inputs and the watchers without validating", async () => {
    const resolver = vi.fn(rules);
    let form: UseFormReturn<Values, unknown, { name: string }> | undefined;
    render(<TestForm resolver={resolver} mode="onChange" expose={(f) => (form = f)} />);
    act(() => {
      form?.setValue("method", "2");
      form?.setValue("name", "Grace");
    });
    expect((screen.getByLabelText("curbside") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("name") as HTMLInputElement).value).toBe("Grace");
    expect(screen.getByRole("status").textContent).toBe("Grace|2");
    expect(resolver).not.toHaveBeenCalled();
  });

  it("in onSubmit mode shows nothing before the first submit, then revalidates on change", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await user.type(screen.getByLabelText("email"), "x");
    expect(errorText("email")).toBe("");
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(errorText("name")).toBe("name.required");
    expect(errorText("email")).toBe("email.invalid");
    expect(onValid).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("name"), "Ada");
    expect(errorText("name")).toBe("");
    expect(errorText("email")).toBe("email.invalid");
  });

  it("in onChange mode sets only the changed field's error, then its deps' errors", async () => {
    const user = userEvent.setup();
    render(<TestForm mode="onChange" />);
    await user.type(screen.getByLabelText("name"), "A");
    // the email is invalid too, but nobody has touched it
    expect(errorText("email")).toBe("");
    await user.clear(screen.getByLabelText("name"));
    expect(errorText("name")).toBe("name.required");
    // email lists name among its deps: a change to email revalidates name as well
    await user.type(screen.getByLabelText("name"), "A");
    expect(errorText("name")).toBe("");
    await user.type(screen.getByLabelText("email"), "a@b");
    expect(errorText("email")).toBe("");
    await user.tab();
    expect(errorText("email")).toBe("");
  });

  it("drops the result of an async run once the value has changed again", async () => {
    const runs: Array<() => void> = [];
    const slow: Resolver<Values, unknown, { name: string }> = (values, context, options) =>
      new Promise((resolve) => runs.push(() => void rules(values, context, options).then(resolve)));
    const user = userEvent.setup();
    render(<TestForm mode="onChange" resolver={slow} />);
    const name = screen.getByLabelText("name");
    await user.type(name, "A");
    await user.clear(name);
    await user.type(name, "B");
    // Three runs pending: for "A", for "" (name.required) and for "B".
    expect(runs).toHaveLength(3);
    await act(async () => {
      runs[2]?.();
      await Promise.resolve();
    });
    // The runs for "A" and then "" answer late; their values are gone, so the error for "" is
    // not shown.
    await act(async () => {
      runs[0]?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      runs[1]?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errorText("name")).toBe("");
  });

  it("focuses the first field with an error, in the order the fields were registered", async () => {
    const user = userEvent.setup();
    render(<TestForm withCar />);
    await user.type(screen.getByLabelText("name"), "Ada");
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(document.activeElement).toBe(screen.getByLabelText("email"));
  });

  it("is submitting while the submit handler runs and gives it the resolver's values", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onValid={onValid} />);
    await user.type(screen.getByLabelText("name"), "ada");
    await user.type(screen.getByLabelText("email"), "ada@example.com");
    expect(screen.getByTestId("submitting").textContent).toBe("false");
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(onValid).toHaveBeenCalledWith({ name: "ADA" }, expect.anything());
    expect(screen.getByTestId("submitting").textContent).toBe("true");
    expect(screen.getByTestId("submitted").textContent).toBe("false");
    await act(async () => finish());
    expect(screen.getByTestId("submitting").textContent).toBe("false");
    expect(screen.getByTestId("submitted").textContent).toBe("true");
  });

  it("setError shows an error of the given type and focuses the field when asked", () => {
    let form: UseFormReturn<Values, unknown, { name: string }> | undefined;
    render(<TestForm expose={(f) => (form = f)} />);
    act(() => form?.setError("email", { type: "server", message: "Taken" }, { shouldFocus: true }));
    expect(errorText("email")).toBe("Taken");
    expect(form?.formState.errors.email).toEqual({ type: "server", message: "Taken" });
    expect(document.activeElement).toBe(screen.getByLabelText("email"));
  });

  it("get reads dotted paths and falls back when there is nothing", () => {
    const errors = { answers: { q1: { type: "required", message: "x" } } };
    expect(get(errors, "answers.q1")).toEqual({ type: "required", message: "x" });
    expect(get(errors, "answers.q2")).toBeUndefined();
    expect(get(errors, "car.make", "none")).toBe("none");
  });
});
