import { fuzzRoutes, fuzzRuns } from "../fixtures/fuzz-routes";

// Every API route and method: with the form actions' file, at least 10,000 inputs in all.
fuzzRoutes("every API route", ({ route }) => route.isApi, fuzzRuns(6_000));
