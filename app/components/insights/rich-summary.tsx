import { Fragment } from "react";

/**
 * The Overall Summary's formatting (spec section 2): each line break becomes a break, text between
 * asterisks becomes bold. Everything else is plain text, escaped by React.
 */
export function RichSummary({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <p className="leading-7 text-slate-800">
      {lines.map((line, lineIndex) => (
        <Fragment key={lineIndex}>
          {lineIndex > 0 ? <br /> : null}
          {line.split(/(\*[^*\n]+\*)/g).map((part, partIndex) =>
            /^\*[^*\n]+\*$/.test(part) ? (
              <strong key={partIndex} className="font-semibold text-slate-950">
                {part.slice(1, -1)}
              </strong>
            ) : (
              <Fragment key={partIndex}>{part}</Fragment>
            ),
          )}
        </Fragment>
      ))}
    </p>
  );
}
