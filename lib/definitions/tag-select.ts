/** What a tag is answered with. */
export const tagSelect = { id: true, name: true } as const;
