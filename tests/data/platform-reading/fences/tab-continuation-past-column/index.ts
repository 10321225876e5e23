export async function execute(_id: string, _params: Record<string, unknown>) {
  return { content: [{ type: 'text', text: 'ok' }] };
}
