import type { ApiOperation } from "../operation";
import { forumOperations } from "./forum";
import { githubOperations } from "./github";
import { metaOperations } from "./meta";
import { projectOperations } from "./projects";
import { userOperations } from "./users";
import { workOperations } from "./work";

/** Every operation of the JSON API, in the order the docs page lists them. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...userOperations,
  ...projectOperations,
  ...workOperations,
  ...githubOperations,
  ...forumOperations,
  ...metaOperations,
];
