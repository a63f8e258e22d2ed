/**
 * JSON from clients, with its nesting depth bounded WHILE it is read: a scan of the text counts
 * brackets outside strings and gives up past `maxDepth`, before JSON.parse builds anything. Deeply
 * nested values would otherwise parse fine and then overflow the stack of whatever walks them
 * (JSON.stringify for the size limit, or a recursive check).
 */
const MAX_JSON_DEPTH = 32;

function nestingDepthWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return true;
}

/** The parsed value, or undefined when the text is not JSON or nests deeper than `maxDepth`. */
export function parseBoundedJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (!nestingDepthWithin(text, maxDepth)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
