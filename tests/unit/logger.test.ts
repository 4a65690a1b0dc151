import { describe, expect, it } from "vitest";
import { serializeError } from "~/logger.server";

describe("errors in the logs", () => {
  it("keep what explains them and drop the database client node-postgres hangs on them", () => {
    const error = Object.assign(new Error("Connection terminated unexpectedly"), {
      code: "57P01",
      client: { connectionParameters: { user: "app", host: "db" }, queryQueue: new Array(50).fill("query") },
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: "Error", message: "Connection terminated unexpectedly", code: "57P01" });
    expect(logged.stack).toContain("Connection terminated unexpectedly");
    expect(logged).not.toHaveProperty("client");
  });
});
