// What the agent is given, from the real pi coding agent: a minimal tool-loader extension written
// from TOOLS.md ("How Discovery Works", "Input Types") is loaded into pi's own extension system
// (createAgentSession with an in-memory session, settings and auth: no model, no network, no API
// key), and the registrations and the system prompt pi builds are printed as the same JSON
// document `toolwright agent --json` prints (docs/decisions.md "What the agent sees"), so that
// tests/cli/tst_agentview.cpp can compare the two byte for byte.
//   node agent-view.mjs --data DIR [--user EMAIL] [--budget TOKENS]
// The sizes and the override diff are computed here from what pi holds (the override diff from a
// second session without the user's tools), not from Toolwright's numbers.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
    AuthStorage,
    createAgentSession,
    DefaultResourceLoader,
    ModelRegistry,
    parseFrontmatter,
    SessionManager,
    SettingsManager,
} from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";

function isFile(p) {
    try { return statSync(p).isFile(); } catch { return false; }
}
function isDir(p) {
    try { return statSync(p).isDirectory(); } catch { return false; }
}

// TOOLS.md "Input Types": string, number, boolean, enum (a union of literals); anything else is a
// string. `optional` makes it not required; description and default are schema options.
function inputSchema(spec) {
    if (spec === null || typeof spec !== "object" || Array.isArray(spec))
        return { schema: Type.String(), optional: false };
    const options = {};
    const text = (v) => (typeof v === "string" ? v : v === null || v === undefined || typeof v === "object" ? "" : String(v));
    const description = text(spec.description);
    if (description !== "")
        options.description = description;
    if (spec.default !== undefined)
        options.default = spec.default;
    let schema;
    switch (spec.type) {
    case "number": schema = Type.Number(options); break;
    case "boolean": schema = Type.Boolean(options); break;
    case "enum": {
        // TOOLS.md: `values` is comma-separated (or an array).
        let values = [];
        if (Array.isArray(spec.values))
            values = spec.values.filter((v) => v === null || typeof v !== "object").map((v) => String(v));
        else if (spec.values !== null && spec.values !== undefined && typeof spec.values !== "object")
            values = String(spec.values).split(",").map((v) => v.trim()).filter((v) => v !== "");
        schema = Type.Union(values.map((v) => Type.Literal(v)), options);
        break;
    }
    default: schema = Type.String(options);
    }
    return { schema, optional: Boolean(spec.optional) };
}

function toolLoader(pi) {
    // TOOLS.md: PI_TOOLS_DIRS is colon-separated; global tools first, then the user's; the last
    // registration of a name wins.
    for (const location of (process.env.PI_TOOLS_DIRS ?? "").split(":").filter((d) => d !== "")) {
        if (!isDir(location))
            continue;
        const dirs = readdirSync(location).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
        for (const dirName of dirs) {
            const dir = join(location, dirName);
            const toolMd = join(dir, "TOOL.md");
            if (!isDir(dir) || !isFile(toolMd) || !(isFile(join(dir, "index.ts")) || isFile(join(dir, "index.js"))))
                continue;
            let parsed;
            try {
                parsed = parseFrontmatter(readFileSync(toolMd, "utf8"));
            } catch {
                continue;
            }
            const fm = parsed.frontmatter ?? {};
            const name = typeof fm.name === "string" ? fm.name.trim() : "";
            if (name === "")
                continue;
            const description = typeof fm.description === "string" ? fm.description : "";
            const properties = {};
            const inputs = fm.inputs !== null && typeof fm.inputs === "object" && !Array.isArray(fm.inputs) ? fm.inputs : {};
            for (const [key, spec] of Object.entries(inputs)) {
                const { schema, optional } = inputSchema(spec);
                properties[key] = optional ? Type.Optional(schema) : schema;
            }
            const body = parsed.body ?? "";
            pi.registerTool({
                name,
                label: typeof fm.label === "string" && fm.label !== "" ? fm.label : name,
                // docs/decisions.md: the body goes to the model with the description; the
                // description alone is the tool's line in the system prompt.
                description: body === "" ? description : `${description}\n\n${body}`,
                promptSnippet: description,
                parameters: Type.Object(properties),
                // Where the tool came from, for the report below (not part of what pi reads).
                toolwrightSource: { dir, body, description },
                async execute() {
                    return { content: [{ type: "text", text: "not run by the reference" }] };
                },
            });
        }
    }
}

async function agentView(toolsDirs) {
    process.env.PI_TOOLS_DIRS = toolsDirs.join(":");
    const scratch = mkdtempSync(join(tmpdir(), "tw-agent-view-"));
    try {
        const settingsManager = SettingsManager.inMemory();
        const resourceLoader = new DefaultResourceLoader({
            cwd: scratch, agentDir: scratch, settingsManager,
            extensionFactories: [toolLoader],
            noExtensions: true, noSkills: true, noPromptTemplates: true, noThemes: true, noContextFiles: true,
        });
        await resourceLoader.reload();
        const authStorage = AuthStorage.inMemory();
        const { session } = await createAgentSession({
            cwd: scratch, agentDir: scratch, authStorage,
            modelRegistry: ModelRegistry.inMemory(authStorage),
            resourceLoader, settingsManager,
            sessionManager: SessionManager.inMemory(scratch),
            noTools: "builtin",
        });
        // What the model is sent: the active tools of the agent, in pi's order.
        const tools = session.agent.state.tools.map((t) => ({ tool: t, definition: session.getToolDefinition(t.name) }));
        const prompt = session.systemPrompt;
        session.dispose?.();
        return { tools, prompt };
    } finally {
        rmSync(scratch, { recursive: true, force: true });
    }
}

// The "Available tools:" section of pi's system prompt: the tools' share of it (the rest of the
// prompt is pi's own text, the date and the working directory).
function toolsSection(prompt) {
    const start = prompt.indexOf("Available tools:\n");
    const end = prompt.indexOf("\n\nIn addition to the tools above");
    if (start < 0 || end < start)
        throw new Error("pi's system prompt has no Available tools section");
    return prompt.slice(start, end);
}

function parameterDiff(from, to) {
    const a = from.properties, b = to.properties;
    const req = (s, k) => (s.required ?? []).includes(k);
    return {
        added: Object.keys(b).filter((k) => !(k in a)),
        removed: Object.keys(a).filter((k) => !(k in b)),
        changed: Object.keys(b).filter((k) => k in a
            && (JSON.stringify(a[k]) !== JSON.stringify(b[k]) || req(from, k) !== req(to, k))),
    };
}

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const data = option("--data");
const user = option("--user") ?? null;
const budget = Number(option("--budget") ?? 2000);
const globalDir = join(data, "tools");
const dirs = user ? [globalDir, join(data, user, "tools")] : [globalDir];

const view = await agentView(dirs);
const globalView = user ? await agentView([globalDir]) : view;
const globalByName = new Map(globalView.tools.map((t) => [t.tool.name, t]));
const section = toolsSection(view.prompt);

const estimateTokens = (chars) => Math.ceil(chars / 4);
let totalChars = 0, totalTokens = 0;
const tools = view.tools.map(({ tool, definition }) => {
    const source = definition.toolwrightSource;
    const registration = {
        name: tool.name,
        label: tool.label,
        description: tool.description,
        promptSnippet: definition.promptSnippet,
        parameters: tool.parameters,
    };
    const line = section.split("\n").find((l) => l.startsWith(`- ${tool.name}: `)) ?? null;
    const chars = tool.name.length + tool.description.length + JSON.stringify(tool.parameters).length
        + (line === null ? 0 : line.length + 1);
    const tokens = estimateTokens(chars);
    totalChars += chars;
    totalTokens += tokens;
    const scope = source.dir.startsWith(globalDir + "/") ? "global" : "user";
    let override = null;
    const shadowed = scope === "user" ? globalByName.get(tool.name) : undefined;
    if (shadowed) {
        const from = shadowed.definition.toolwrightSource;
        override = {
            global_dir: from.dir,
            description: from.description === source.description ? null : { from: from.description, to: source.description },
            parameters: parameterDiff(shadowed.tool.parameters, tool.parameters),
            body_changed: from.body !== source.body,
        };
    }
    return {
        name: tool.name, scope, dir: source.dir,
        chars, tokens, over_budget: tokens > budget,
        registration, prompt_line: line, override,
    };
});

process.stdout.write(JSON.stringify({
    user, budget_tokens: budget, chars: totalChars, tokens: totalTokens,
    prompt: section, tools,
}, null, 2) + "\n");
