<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>tw::model</name>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::model::DiffModel</name>
    <message numerus="yes">
        <source>… (%n more characters)</source>
        <translation>
            <numerusform>… (%n more character)</numerusform>
            <numerusform>… (%n more characters)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::model::ToolCatalogModel</name>
    <message numerus="yes">
        <source>overridden by %n users</source>
        <translation>
            <numerusform>overridden by %n user</numerusform>
            <numerusform>overridden by %n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n users)</source>
        <translation>
            <numerusform>%1 (%n user)</numerusform>
            <numerusform>%1 (%n users)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n tools)</source>
        <translation>
            <numerusform>%1 (%n tool)</numerusform>
            <numerusform>%1 (%n tools)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::AgentSetDialog</name>
    <message numerus="yes">
        <source>%n tools cost every agent session %1 characters, about %2 tokens. Over the budget of %3 tokens per tool: %4.</source>
        <translation>
            <numerusform>%n tool costs every agent session %1 characters, about %2 tokens. Over the budget of %3 tokens per tool: %4.</numerusform>
            <numerusform>%n tools cost every agent session %1 characters, about %2 tokens. Over the budget of %3 tokens per tool: %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the bodies of %n tools…</source>
        <translation>
            <numerusform>Reading the body of %n tool…</numerusform>
            <numerusform>Reading the bodies of %n tools…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::ConnectionStatus</name>
    <message numerus="yes">
        <source>connection lost, retrying in %n s</source>
        <translation>
            <numerusform>connection lost, retrying in %n s</numerusform>
            <numerusform>connection lost, retrying in %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::EntryTypeAssist</name>
    <message numerus="yes">
        <source>TypeScript: %n problems</source>
        <translation>
            <numerusform>TypeScript: %n problem</numerusform>
            <numerusform>TypeScript: %n problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::FindInToolsPane</name>
    <message numerus="yes">
        <source>Searching %n tools…</source>
        <translation>
            <numerusform>Searching %n tool…</numerusform>
            <numerusform>Searching %n tools…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matches so far…</source>
        <translation>
            <numerusform>%n match so far…</numerusform>
            <numerusform>%n matches so far…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matches</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::MainWindow</name>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n runs still in progress. Quit and stop them?</source>
        <translation>
            <numerusform>%n run still in progress. Quit and stop it?</numerusform>
            <numerusform>%n runs still in progress. Quit and stop them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n tools for %1.</source>
        <translation>
            <numerusform>Imported %n tool for %1.</numerusform>
            <numerusform>Imported %n tools for %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tools</source>
        <translation>
            <numerusform>%n tool</numerusform>
            <numerusform>%n tools</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not loaded</source>
        <translation>
            <numerusform>%n not loaded</numerusform>
            <numerusform>%n not loaded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::RunCompareView</name>
    <message numerus="yes">
        <source>The results differ in %n lines.</source>
        <translation>
            <numerusform>The results differ in %n line.</numerusform>
            <numerusform>The results differ in %n lines.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Result (%n changed)</source>
        <translation>
            <numerusform>Result (%n changed)</numerusform>
            <numerusform>Result (%n changed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Inputs (%n changed)</source>
        <translation>
            <numerusform>Inputs (%n changed)</numerusform>
            <numerusform>Inputs (%n changed)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::RunPane</name>
    <message numerus="yes">
        <source>%n of them are files programs load by themselves (shell start-up files, Python&apos;s site-packages, node_modules, git hooks…): a later run of any tool would run them.</source>
        <translation>
            <numerusform>%n of them is a file programs load by themselves (shell start-up files, Python&apos;s site-packages, node_modules, git hooks…): a later run of any tool would run it.</numerusform>
            <numerusform>%n of them are files programs load by themselves (shell start-up files, Python&apos;s site-packages, node_modules, git hooks…): a later run of any tool would run them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run wrote %n changes (%1) to its data root, which is unchanged until you keep them.</source>
        <translation>
            <numerusform>The run wrote %n change (%1) to its data root, which is unchanged until you keep it.</numerusform>
            <numerusform>The run wrote %n changes (%1) to its data root, which is unchanged until you keep them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes (%1) were kept in the data root.</source>
        <translation>
            <numerusform>%n change (%1) was kept in the data root.</numerusform>
            <numerusform>%n changes (%1) were kept in the data root.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes were discarded: the data root is as it was.</source>
        <translation>
            <numerusform>%n change was discarded: the data root is as it was.</numerusform>
            <numerusform>%n changes were discarded: the data root is as it was.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::RunRecordView</name>
    <message numerus="yes">
        <source>%n later updates past the history&apos;s size limit were counted, not kept.</source>
        <translation>
            <numerusform>%n later update past the history&apos;s size limit was counted, not kept.</numerusform>
            <numerusform>%n later updates past the history&apos;s size limit were counted, not kept.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::SyncView</name>
    <message numerus="yes">
        <source>%n failed and kept their old version: </source>
        <translation>
            <numerusform>%n failed and kept its old version: </numerusform>
            <numerusform>%n failed and kept their old version: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n tools changed in the seed without a version bump: the sync will skip them.&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n tool changed in the seed without a version bump: the sync will skip it.&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;%n tools changed in the seed without a version bump: the sync will skip them.&lt;/b&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::ToolDiffPane</name>
    <message numerus="yes">
        <source>(binary file, %n bytes)</source>
        <translation>
            <numerusform>(binary file, %n byte)</numerusform>
            <numerusform>(binary file, %n bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n changed)</source>
        <translation>
            <numerusform>%1 (%n changed)</numerusform>
            <numerusform>%1 (%n changed)</numerusform>
        </translation>
    </message>
</context>
</TS>
