import { describe, expect, it } from "vitest";
import { joinQueries, orFallback } from "./query.tsx";

// What <QueryView> shows for a panel that reads several answers together.

const query = <D>(status: "pending" | "error" | "success", data?: D) => ({
  status,
  data,
  isRefetching: false,
  refetch: async () => undefined,
});

describe("joinQueries", () => {
  it("is ready only when every query has its answer, and builds the panel's data from them", () => {
    expect(joinQueries([query("success", 1), query("pending")], (a, b) => [a, b]).status).toBe("pending");
    const joined = joinQueries([query("success", 1), query("success", "two")], (a, b) => `${a}-${b}`);
    expect(joined).toMatchObject({ status: "success", data: "1-two" });
  });

  it("fails when a query without an answer failed", () => {
    expect(joinQueries([query("success", 1), query("error")], (a) => a)).toMatchObject({
      status: "error",
      data: undefined,
    });
  });

  it("keeps showing answers already read when a later read failed", () => {
    expect(joinQueries([query("error", 5)], (a) => a * 2)).toMatchObject({ status: "success", data: 10 });
  });
});

describe("orFallback", () => {
  it("lets a panel show without an answer it can do without, once that read has settled", () => {
    const waiting = joinQueries([query("success", 1), orFallback(query<number>("pending"), null)], (a, b) => [
      a,
      b,
    ]);
    expect(waiting.status).toBe("pending");
    const failed = joinQueries([query("success", 1), orFallback(query<number>("error"), null)], (a, b) => [
      a,
      b,
    ]);
    expect(failed).toMatchObject({ status: "success", data: [1, null] });
    const read = joinQueries([query("success", 1), orFallback(query("success", 3), null)], (a, b) => [a, b]);
    expect(read).toMatchObject({ status: "success", data: [1, 3] });
  });
});
