import { createHmac, timingSafeEqual } from 'node:crypto';

type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  message: string;
  action?: 'sign' | 'verify';
  signature?: string;
  algorithm?: 'sha256' | 'sha512';
  signing_key?: string;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    const { message, action = 'sign', signature, algorithm = 'sha256' } = params;
    // TOOLS.md "Authentication": explicit parameter first, then the environment.
    const key = params.signing_key ?? process.env.OFFICER_SIGNING_KEY;
    if (!key) {
      return err('Signing key not configured. Ask the user to add OFFICER_SIGNING_KEY in Settings → Integrations, or pass signing_key.');
    }
    if (typeof message !== 'string') return err('message is required.');
    if (algorithm !== 'sha256' && algorithm !== 'sha512') return err(`Unknown algorithm "${algorithm}".`);
    const digest = createHmac(algorithm, key).update(message, 'utf8').digest();
    if (action === 'sign') return ok(digest.toString('hex'));
    if (action !== 'verify') return err(`Unknown action "${action}". Available: sign, verify.`);
    if (!signature) return err('signature is required for action=verify.');
    if (!/^[0-9a-fA-F]+$/.test(signature) || signature.length % 2 !== 0) {
      return err('signature must be a hex string.');
    }
    const given = Buffer.from(signature, 'hex');
    const valid = given.length === digest.length && timingSafeEqual(given, digest);
    return ok(valid ? 'valid' : 'invalid');
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
