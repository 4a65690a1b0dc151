import { type Cause, coverColours, seedOf } from "~/utils/project-cover";
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
  const name = project.projectName || "Untitled Project";
  const cause = project.coverCause;
  const colours = coverColours(cause);
  const seed = seedOf(project.projectId);
  const gradientId = `cover-${project.projectId}`;
  const technology = project.technologies?.[0];
  const initials = initialsOf(name);
  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      className={className}
      data-cause={cause}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colours.from} />
          <stop offset="1" stopColor={colours.to} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${gradientId})`} />
      <Pattern seed={seed} />
      <text
        x="24"
        y="112"
        fontSize="64"
        fontWeight="800"
        fill={colours.ink}
        fillOpacity="0.85"
        fontFamily="system-ui, sans-serif"
        className={compact ? "max-sm:hidden" : undefined}
      >
        {initials}
      </text>
      <text
        x="26"
        y="150"
        fontSize="15"
        fontWeight="600"
        fill={colours.ink}
        fontFamily="system-ui, sans-serif"
        className={compact ? "max-sm:hidden" : undefined}
      >
        {colours.label}
        {technology ? ` · ${technology}` : ""}
      </text>
      {compact && (
        // A phone's square cover shows the middle of the picture: the initials alone, centred.
        <text
          x="160"
          y="114"
          textAnchor="middle"
          fontSize="72"
          fontWeight="800"
          fill={colours.ink}
          fillOpacity="0.85"
          fontFamily="system-ui, sans-serif"
          className="sm:hidden"
        >
          {initials}
        </text>
      )}
    </svg>
  );
}

/** One of four light patterns, placed by the seed, so neighbouring cards never look alike. */
function Pattern({ seed }: { seed: number }) {
  const kind = seed % 4;
  const shift = (seed >>> 2) % 60;
  const shapes = Array.from({ length: 6 }, (_, i) => i);
  if (kind === 0)
    return (
      <g fill="#fff" fillOpacity="0.18">
        {shapes.map((i) => (
          <circle
            key={i}
            cx={180 + ((i * 47 + shift) % 150)}
            cy={20 + ((i * 61 + shift) % 140)}
            r={10 + ((seed >>> i) % 28)}
          />
        ))}
      </g>
    );
  if (kind === 1)
    return (
      <g stroke="#fff" strokeOpacity="0.2" strokeWidth="10">
        {shapes.map((i) => (
          <line key={i} x1={140 + i * 36 + shift} y1="-10" x2={60 + i * 36 + shift} y2="190" />
        ))}
      </g>
    );
  if (kind === 2)
    return (
      <g fill="#fff" fillOpacity="0.18">
        {shapes.map((i) => {
          const x = 170 + ((i * 53 + shift) % 140);
          const y = 20 + ((i * 37 + shift) % 130);
          const size = 16 + ((seed >>> i) % 24);
          return <polygon key={i} points={`${x},${y} ${x + size},${y + size * 1.6} ${x - size},${y + size * 1.6}`} />;
        })}
      </g>
    );
  return (
    <g fill="none" stroke="#fff" strokeOpacity="0.22" strokeWidth="6">
      {shapes.map((i) => (
        <path
          key={i}
          d={`M0 ${30 + i * 28} Q 80 ${10 + i * 28 + (shift % 20)} 160 ${30 + i * 28} T 320 ${30 + i * 28}`}
        />
      ))}
    </g>
  );
}
