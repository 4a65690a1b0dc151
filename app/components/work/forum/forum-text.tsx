import { RelativeTime } from "~/components/date-time";
import { splitLinks } from "~/utils/forum-format";

/** Content as text: line breaks kept, http(s) addresses as links, never HTML. */
export function ForumText({ content }: { content: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-slate-800 [overflow-wrap:anywhere]">
      {splitLinks(content).map((part, index) =>
        part.type === "link" ? (
          <a
            key={index}
            href={part.href}
            rel="nofollow noopener"
            target="_blank"
            className="text-brand-700 underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A post's, reply's or comment's age; after 30 days its date (spec section 9, Forum). */
export function TimeLabel({ iso }: { iso: string }) {
  return <RelativeTime value={iso} dateAfterDays={30} />;
}
