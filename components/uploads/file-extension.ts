/** The short type label shown in a file's icon: its extension (up to 4 letters), else "file". */
export const fileExtension = (name: string) => (name.includes(".") ? name.split(".").pop()!.slice(0, 4) : "file");
