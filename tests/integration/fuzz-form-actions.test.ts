import { fuzzRoutes, fuzzRuns } from "../fixtures/fuzz-routes";

// Every screen's form action, and the query strings of the screens that read them (search).
// With the API's file, at least 10,000 inputs in all.
fuzzRoutes(
  "every form action",
  ({ route, method }) => !route.isApi && (method !== "GET" || route.pattern.startsWith("/search")),
  fuzzRuns(4_000),
);
