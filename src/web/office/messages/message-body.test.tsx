// @vitest-environment jsdom
// An email's links read as their label with the address after it; the rest as written.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MessageBody } from "./message-body.tsx";

afterEach(cleanup);

describe("MessageBody", () => {
  it("shows a link as its label and address, and the text around it as written", () => {
    const { container } = render(
      <MessageBody
        text={"Hi Wanda,\n\n[See your place](https://q.example/c?id=7&code=…) or call."}
      />,
    );
    expect(container.textContent).toBe(
      "Hi Wanda,\n\nSee your place https://q.example/c?id=7&code=… or call.",
    );
    expect(container.querySelector("span")?.textContent).toBe("https://q.example/c?id=7&code=…");
  });

  it("leaves brackets that are no link alone", () => {
    const { container } = render(<MessageBody text="Reply [HERE] when you arrive (curbside)." />);
    expect(container.textContent).toBe("Reply [HERE] when you arrive (curbside).");
  });
});
