/** Any /api address no route claims: JSON 404, whatever the method. */
const notFound = () => Response.json({ message: "Not found.", errors: {} }, { status: 404 });

export const loader = notFound;
export const action = notFound;
