/** Where the buttons stand: a page's form, the notifications page, the bell's panel. */
const SIZES = {
  regular: "",
  medium: " !min-h-10",
  small: " !min-h-9 !px-3 text-sm",
} as const;

/** Approve and Reject of a join request: one form, and the button pressed sends isApproved. */
export function DecisionButtons({ size = "regular", disabled }: { size?: keyof typeof SIZES; disabled?: boolean }) {
  return (
    <>
      <button type="submit" name="isApproved" value="true" className={`btn-primary${SIZES[size]}`} disabled={disabled}>
        Approve
      </button>
      <button
        type="submit"
        name="isApproved"
        value="false"
        className={`btn-secondary${SIZES[size]}`}
        disabled={disabled}
      >
        Reject
      </button>
    </>
  );
}
