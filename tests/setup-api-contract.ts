import { appendFileSync } from "node:fs";
import { afterAll, vi } from "vitest";
import type * as api from "~/http/api.server";
import { apiContractTally, checkedAgainstContract } from "./fixtures/api-contract";

// Every JSON API route is built by apiRoute: wrapping it here checks every /api response any
// integration test produces against the OpenAPI contract (app/api-contract). A response the
// contract does not describe makes the route throw, so the test that caused it fails.
vi.mock("~/http/api.server", async (importOriginal) => {
  const original = await importOriginal<typeof api>();
  return {
    ...original,
    apiRoute: (...args: Parameters<typeof original.apiRoute>) => checkedAgainstContract(original.apiRoute(...args)),
  };
});

// API_CONTRACT_TALLY=file appends how many responses each test file had checked.
afterAll(() => {
  const file = process.env.API_CONTRACT_TALLY;
  if (file && apiContractTally.checked > 0) appendFileSync(file, `${apiContractTally.checked}\n`);
});
