// Toolwright runner: how the harness and the tool's process look at values a tool hands over.
// Each process imports its own copy; nothing here is shared at run time.

// A value as text for a message, cut at 200 characters.
export function describe(value) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

// Whether `content` is a ToolResult's content: an array of objects with a string `type`.
export function isContent(content) {
  return Array.isArray(content) && content.every((c) => c !== null && typeof c === 'object' && typeof c.type === 'string');
}
