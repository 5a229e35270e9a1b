import { describe, expect, it } from "vitest";
import { linkifyMailText, parseMailbox } from "./dev-mailbox.ts";

describe("dev mailbox", () => {
  it("makes the links of a plain-text email clickable and leaves the rest as text", () => {
    const parts = linkifyMailText(
      "Hello.\n\nConfirm my email: http://localhost:3000/ConfirmEmail?token=a.b-c_d.\n\n<b>not html</b>",
    );
    expect(parts).toEqual([
      { kind: "text", text: "Hello.\n\nConfirm my email: " },
      {
        kind: "link",
        text: "http://localhost:3000/ConfirmEmail?token=a.b-c_d",
        href: "http://localhost:3000/ConfirmEmail?token=a.b-c_d",
      },
      { kind: "text", text: ".\n\n<b>not html</b>" },
    ]);
  });

  it("does not link other schemes", () => {
    expect(linkifyMailText("javascript:alert(1)")).toEqual([{ kind: "text", text: "javascript:alert(1)" }]);
  });

  it("lists messages newest first", () => {
    const mail = (id: string, createdAt: string) => ({
      id,
      to: "a@b.c",
      subject: id,
      text: "",
      html: "",
      createdAt,
    });
    const list = parseMailbox({
      messages: [mail("old", "2026-01-01T00:00:00Z"), mail("new", "2026-02-01T00:00:00Z")],
    });
    expect(list.map((m) => m.id)).toEqual(["new", "old"]);
  });
});
