/** How many language chips the repository card shows before '+N more'. */
export const LANGUAGES_SHOWN = 8;
