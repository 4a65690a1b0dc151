import { text } from "./text";
import { z } from "zod";

/**
 * A GitHub repository address: https://github.com/{owner}/{repo}, optional www, optional
 * trailing slash (spec section 5). Shared by the Connect Repository form, its action and the API.
 * A name of dots alone (`.`, `..`, or that with `.git`) is no repository: the sync would call
 * GitHub's `/repos/{owner}/..`, a path of another meaning.
 */
export const GITHUB_REPOSITORY_PATTERN =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/((?!\.*(?:\.git)?\/?$)[A-Za-z0-9._-]{1,100})\/?$/;

export const EMPTY_REPOSITORY_MESSAGE = "Please enter a repository URL.";
export const INVALID_REPOSITORY_MESSAGE = "Please enter a valid GitHub repository URL.";

export const repositoryUrlSchema = z.object({
  url: text(
    (s) => s.trim().min(1, EMPTY_REPOSITORY_MESSAGE).regex(GITHUB_REPOSITORY_PATTERN, INVALID_REPOSITORY_MESSAGE),
    {
      required_error: EMPTY_REPOSITORY_MESSAGE,
    },
  ),
});

export function parseRepositoryUrl(url: string): { owner: string; name: string; url: string } | null {
  const match = GITHUB_REPOSITORY_PATTERN.exec(url.trim());
  if (!match) return null;
  const name = match[2]!.replace(/\.git$/, "");
  return { owner: match[1]!, name, url: `https://github.com/${match[1]}/${name}` };
}
