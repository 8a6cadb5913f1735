import { describe, expect, it } from "vitest";
import { serverFieldErrors } from "./server-field-errors.ts";

describe("server field errors", () => {
  it("maps pointers into the join document back onto the form's fields", () => {
    const { fields, other } = serverFieldErrors(
      [
        {
          detail: "Bad email",
          source: { pointer: "/data/relationships/client/data/attributes/email" },
        },
        { detail: "Too many digits", source: { pointer: "/data/attributes/notes" } },
        { detail: "Colour?", source: { pointer: "/data/attributes/car_details/colour" } },
        {
          detail: "Not an option",
          source: { pointer: "/data/relationships/answers/data/1/attributes/value" },
        },
        { detail: "No such service", source: { pointer: "/data/attributes/service_id" } },
      ],
      [40, 42],
    );
    expect(fields).toEqual([
      { field: "email", message: "Bad email" },
      { field: "notes", message: "Too many digits" },
      { field: "car_details.colour", message: "Colour?" },
      { field: "answers.q42", message: "Not an option" },
      { field: "service_id", message: "No such service" },
    ]);
    expect(other).toEqual([]);
  });

  it("leaves errors without a field of this form for the snackbar", () => {
    const closed = { code: "location_closed", detail: "Currently Closed" };
    const method = { detail: "No video", source: { pointer: "/data/attributes/meeting_method" } };
    const clientNotes = {
      detail: "Links are not allowed",
      source: { pointer: "/data/relationships/client/data/attributes/notes" },
    };
    const { fields, other } = serverFieldErrors([closed, method, clientNotes], []);
    expect(fields).toEqual([]);
    expect(other).toEqual([closed, method, clientNotes]);
  });
});
