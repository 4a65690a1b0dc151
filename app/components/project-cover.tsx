import { type Cause, coverColours, seedOf } from "~/utils/project-cover";
import { escapeHtml } from "~/utils/escape-html";
import { initialsOf } from "~/utils/format";

interface CoverProject {
  projectId: string;
  projectName: string | null;
  /** What the project is about, read from its words on the server (app/utils/project-cause.ts). */
  coverCause: Cause;
  technologies?: string[];
  projectPictureUrl?: string | null;
}

/**
 * The project's picture if it has one; otherwise a cover of its own drawn as inline SVG (no image
 * to download): colours from its cause (none named when it fits no cause), a pattern from its
 * id, its initials and main technology.
 */
export function ProjectCover({
  project,
  className,
  compact = false,
}: {
  project: CoverProject;
  className: string;
  /** Shown as a small square beside the text on a phone (the catalogue's cards). */
  compact?: boolean;
}) {
  if (project.projectPictureUrl) {
    return <img src={project.projectPictureUrl} alt="" width={640} height={360} loading="lazy" className={className} />;
  }
  // The drawing is one string, not some twenty elements React would write out one chunk at a time.
  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      className={className}
      data-cause={project.coverCause}
      dangerouslySetInnerHTML={{ __html: coverDrawing(project, compact) }}
    />
  );
}

/** The cover's SVG markup inside its `<svg>`; every text from the project is escaped. */
export function coverDrawing(project: CoverProject, compact: boolean): string {
  const colours = coverColours(project.coverCause);
  const gradientId = escapeHtml(`cover-${project.projectId}`);
  const technology = project.technologies?.[0];
  const initials = escapeHtml(initialsOf(project.projectName || "Untitled Project"));
  const label = escapeHtml(technology ? `${colours.label} · ${technology}` : colours.label);
  const font = 'font-family="system-ui, sans-serif"';
  const bold = `font-weight="800" fill="${colours.ink}" fill-opacity="0.85" ${font}`;
  // On a phone the catalogue's square cover shows the middle of the picture: the initials alone, centred.
  const wide = compact ? ' class="max-sm:hidden"' : "";
  return (
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${colours.from}"></stop><stop offset="1" stop-color="${colours.to}"></stop>` +
    `</linearGradient></defs>` +
    `<rect width="320" height="180" fill="url(#${gradientId})"></rect>` +
    pattern(seedOf(project.projectId)) +
    `<text x="24" y="112" font-size="64" ${bold}${wide}>${initials}</text>` +
    `<text x="26" y="150" font-size="15" font-weight="600" fill="${colours.ink}" ${font}${wide}>${label}</text>` +
    (compact
      ? `<text x="160" y="114" text-anchor="middle" font-size="72" ${bold} class="sm:hidden">${initials}</text>`
      : "")
  );
}

/** One of four light patterns, placed by the seed, so neighbouring cards never look alike. */
function pattern(seed: number): string {
  const kind = seed % 4;
  const shift = (seed >>> 2) % 60;
  const shapes = (shape: (i: number) => string) => Array.from({ length: 6 }, (_, i) => shape(i)).join("");
  if (kind === 0)
    return `<g fill="#fff" fill-opacity="0.18">${shapes(
      (i) =>
        `<circle cx="${180 + ((i * 47 + shift) % 150)}" cy="${20 + ((i * 61 + shift) % 140)}" r="${10 + ((seed >>> i) % 28)}"></circle>`,
    )}</g>`;
  if (kind === 1)
    return `<g stroke="#fff" stroke-opacity="0.2" stroke-width="10">${shapes(
      (i) => `<line x1="${140 + i * 36 + shift}" y1="-10" x2="${60 + i * 36 + shift}" y2="190"></line>`,
    )}</g>`;
  if (kind === 2)
    return `<g fill="#fff" fill-opacity="0.18">${shapes((i) => {
      const x = 170 + ((i * 53 + shift) % 140);
      const y = 20 + ((i * 37 + shift) % 130);
      const size = 16 + ((seed >>> i) % 24);
      return `<polygon points="${x},${y} ${x + size},${y + size * 1.6} ${x - size},${y + size * 1.6}"></polygon>`;
    })}</g>`;
  return `<g fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="6">${shapes(
    (i) =>
      `<path d="M0 ${30 + i * 28} Q 80 ${10 + i * 28 + (shift % 20)} 160 ${30 + i * 28} T 320 ${30 + i * 28}"></path>`,
  )}</g>`;
}
