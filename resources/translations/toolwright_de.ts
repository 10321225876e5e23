<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
</context>
<context>
    <name>SecretFilePrompt</name>
    <message>
        <source>Unlock Secrets</source>
        <translation>Geheimnisse entsperren</translation>
    </message>
    <message>
        <source>Passphrase of the encrypted secret file %1:</source>
        <translation>Passphrase der verschlüsselten Geheimnisdatei %1:</translation>
    </message>
</context>
<context>
    <name>tw::model</name>
    <message>
        <source>Tool</source>
        <translation>Tool</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::model::DiagnosticListModel</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Tool</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>tw::model::DiffModel</name>
    <message numerus="yes">
        <source>… (%n more characters)</source>
        <translation>
            <numerusform>… (%n weiteres Zeichen)</numerusform>
            <numerusform>… (%n weitere Zeichen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Line number</source>
        <translation>Zeilennummer</translation>
    </message>
    <message>
        <source>Line %1:</source>
        <translation>Zeile %1:</translation>
    </message>
</context>
<context>
    <name>tw::model::EffectiveToolsModel</name>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <source>shadows global v%1</source>
        <translation>verdeckt global v%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>tw::model::OverrideMatrixModel</name>
    <message>
        <source>Global</source>
        <translation>Global</translation>
    </message>
    <message>
        <source> user-only</source>
        <translation> nur beim Benutzer</translation>
    </message>
    <message>
        <source>no global tool of this name</source>
        <translation>kein globales Tool dieses Namens</translation>
    </message>
    <message>
        <source>%1 uses the global tool</source>
        <translation>%1 verwendet das globale Tool</translation>
    </message>
    <message>
        <source>
shadows global v%1 (version %2 by %3)</source>
        <translation>
verdeckt global v%1 (Version %2 von %3)</translation>
    </message>
    <message>
        <source>up</source>
        <translation>nach oben</translation>
    </message>
    <message>
        <source>down</source>
        <translation>nach unten</translation>
    </message>
    <message>
        <source>✕ does not load</source>
        <translation>✕ lädt nicht</translation>
    </message>
    <message>
        <source>The loader skips this directory, so it registers no tool:</source>
        <translation>Der Loader überspringt dieses Verzeichnis, daher registriert es kein Tool:</translation>
    </message>
    <message>
        <source>%1 gets the global tool.</source>
        <translation>%1 erhält das globale Tool.</translation>
    </message>
    <message>
        <source>%1 has no tool of this name.</source>
        <translation>%1 hat kein Tool dieses Namens.</translation>
    </message>
    <message>
        <source>%1 has no tool of this name</source>
        <translation>%1 hat kein Tool dieses Namens</translation>
    </message>
    <message>
        <source>Not loaded:</source>
        <translation>Nicht geladen:</translation>
    </message>
</context>
<context>
    <name>tw::model::RunHistoryModel</name>
    <message>
        <source>(global)</source>
        <translation>(global)</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Tool</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
</context>
<context>
    <name>tw::model::RunUpdatesModel</name>
    <message>
        <source>
⋯ [%1 more characters not kept here: Save Output → Raw Events has them]</source>
        <translation>
⋯ [%1 weitere Zeichen hier nicht behalten: Ausgabe speichern → Rohe Ereignisse enthält sie]</translation>
    </message>
    <message>
        <source>Update %1 of %2, %3 after the start</source>
        <translation>Aktualisierung %1 von %2, %3 nach dem Start</translation>
    </message>
</context>
<context>
    <name>tw::model::SyncPlanModel</name>
    <message>
        <source>Directory</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>tw::model::ToolCatalogModel</name>
    <message>
        <source>Global tools</source>
        <translation>Globale Tools</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>shadows global v%1</source>
        <translation>verdeckt global v%1</translation>
    </message>
    <message>
        <source>overridden by %1</source>
        <translation>überschrieben von %1</translation>
    </message>
    <message numerus="yes">
        <source>overridden by %n users</source>
        <translation>
            <numerusform>überschrieben von %n Benutzer</numerusform>
            <numerusform>überschrieben von %n Benutzern</numerusform>
        </translation>
    </message>
    <message>
        <source>duplicate, loses to %1</source>
        <translation>doppelt, unterliegt %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>not loaded: %1</source>
        <translation>nicht geladen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n users)</source>
        <translation>
            <numerusform>%1 (%n Benutzer)</numerusform>
            <numerusform>%1 (%n Benutzer)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n tools)</source>
        <translation>
            <numerusform>%1 (%n Tool)</numerusform>
            <numerusform>%1 (%n Tools)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::model::ToolFilterProxyModel</name>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 von %3)</translation>
    </message>
</context>
<context>
    <name>tw::ui::AgentSetDialog</name>
    <message>
        <source>Agent View — global tools</source>
        <translation>Agentenansicht — globale Tools</translation>
    </message>
    <message>
        <source>Agent View — %1</source>
        <translation>Agentenansicht — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tools cost every agent session %1 characters, about %2 tokens. Over the budget of %3 tokens per tool: %4.</source>
        <translation>
            <numerusform>%n Tool kostet jede Agentensitzung %1 Zeichen, etwa %2 Tokens. Über dem Budget von %3 Tokens je Tool: %4.</numerusform>
            <numerusform>%n Tools kosten jede Agentensitzung %1 Zeichen, etwa %2 Tokens. Über dem Budget von %3 Tokens je Tool: %4.</numerusform>
        </translation>
    </message>
    <message>
        <source>Tools as the agent gets them, largest first</source>
        <translation>Tools, wie der Agent sie erhält, die größten zuerst</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Tool</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>Zeichen</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>über dem Budget</translation>
    </message>
    <message>
        <source>overrides the global tool</source>
        <translation>überschreibt das globale Tool</translation>
    </message>
    <message>
        <source>The tools&apos; part of the system prompt</source>
        <translation>Der Tool-Teil des System-Prompts</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no tool over the budget</comment>
        <translation>keines</translation>
    </message>
    <message numerus="yes">
        <source>Reading the bodies of %n tools…</source>
        <translation>
            <numerusform>Der Text von %n Tool wird gelesen…</numerusform>
            <numerusform>Die Texte von %n Tools werden gelesen…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tw::ui::AgentTab</name>
    <message>
        <source>In the system prompt (&quot;Available tools&quot;):</source>
        <translation>Im System-Prompt („Available tools“):</translation>
    </message>
    <message>
        <source>The tool&apos;s line in the system prompt</source>
        <translation>Die Zeile des Tools im System-Prompt</translation>
    </message>
    <message>
        <source>Registration sent to the model (name, description with the body, parameter schema):</source>
        <translation>An das Modell gesendete Registrierung (Name, Beschreibung mit dem Body, Parameterschema):</translation>
    </message>
    <message>
        <source>The tool&apos;s registration as JSON</source>
        <translation>Die Registrierung des Tools als JSON</translation>
    </message>
    <message>
        <source>The agent is given %1 characters for this tool, about %2 tokens (budget %3), in every session.</source>
        <translation>Der Agent erhält für dieses Tool in jeder Sitzung %1 Zeichen, etwa %2 Tokens (Budget %3).</translation>
    </message>
    <message>
        <source>Over the budget by about %1 tokens (agent-budget-exceeded): shorten the description or the body, or move detail into files the tool reads.</source>
        <translation>Etwa %1 Tokens über dem Budget (agent-budget-exceeded): Beschreibung oder Body kürzen oder Einzelheiten in Dateien auslagern, die das Tool liest.</translation>
    </message>
    <message>
        <source>(not listed: the tool has no description)</source>
        <translation>(nicht aufgeführt: das Tool hat keine Beschreibung)</translation>
    </message>
    <message>
        <source>the description</source>
        <translation>die Beschreibung</translation>
    </message>
    <message>
        <source>parameters added: %1</source>
        <translation>hinzugefügte Parameter: %1</translation>
    </message>
    <message>
        <source>parameters removed: %1</source>
        <translation>entfernte Parameter: %1</translation>
    </message>
    <message>
        <source>parameters changed: %1</source>
        <translation>geänderte Parameter: %1</translation>
    </message>
    <message>
        <source>the body</source>
        <translation>den Body</translation>
    </message>
    <message>
        <source>Overrides the global tool in %1; for the agent nothing changes (same description, parameters and body).</source>
        <translation>Überschreibt das globale Tool in %1; für den Agenten ändert sich nichts (gleiche Beschreibung, Parameter und Body).</translation>
    </message>
    <message>
        <source>Overrides the global tool in %1; for the agent it changes %2.</source>
        <translation>Überschreibt das globale Tool in %1; für den Agenten ändert es %2.</translation>
    </message>
    <message>
        <source>Reading the tool&apos;s body…</source>
        <translation>Der Text des Tools wird gelesen…</translation>
    </message>
</context>
<context>
    <name>tw::ui::AskpassDialog</name>
    <message>
        <source>Toolwright — is this the server?</source>
        <translation>Toolwright — ist das der Server?</translation>
    </message>
    <message>
        <source>Toolwright — ssh asks</source>
        <translation>Toolwright — ssh fragt</translation>
    </message>
    <message>
        <source>Answer to ssh</source>
        <translation>Antwort an ssh</translation>
    </message>
    <message>
        <source>Compare the fingerprint with the one the server&apos;s administrator gives you. Connect only if they are the same.</source>
        <translation>Vergleichen Sie den Fingerabdruck mit dem, den Ihnen der Administrator des Servers nennt. Verbinden Sie nur, wenn beide gleich sind.</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
</context>
<context>
    <name>tw::ui::CompareDialog</name>
    <message>
        <source>Compare %1</source>
        <translation>%1 vergleichen</translation>
    </message>
    <message>
        <source>Compare the Tool&apos;s Files</source>
        <translation>Dateien des Tools vergleichen</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>In the editor (unsaved)</source>
        <translation>Im Editor (nicht gespeichert)</translation>
    </message>
    <message>
        <source>%1 — %2 against the editor&apos;s text</source>
        <translation>%1 — %2 im Vergleich zum Text im Editor</translation>
    </message>
</context>
<context>
    <name>tw::ui::ConnectDialog</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Connect to Server</source>
        <translation>Mit Server verbinden</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(noch keine)</translation>
    </message>
    <message>
        <source>Choose one…</source>
        <translation>Eine auswählen…</translation>
    </message>
    <message>
        <source>&amp;Recent:</source>
        <translation>&amp;Zuletzt:</translation>
    </message>
    <message>
        <source>a name from ~/.ssh/config, a DNS name or an address</source>
        <translation>ein Name aus ~/.ssh/config, ein DNS-Name oder eine Adresse</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>as ~/.ssh/config says, else your own</source>
        <translation>wie in ~/.ssh/config, sonst Ihr eigener</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>as ~/.ssh/config says, else 22</source>
        <translation>wie in ~/.ssh/config, sonst 22</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>the DATA_PATH on the server, e.g. /srv/platform/data</source>
        <translation>der DATA_PATH auf dem Server, z. B. /srv/platform/data</translation>
    </message>
    <message>
        <source>&amp;DATA_PATH:</source>
        <translation>&amp;DATA_PATH:</translation>
    </message>
    <message>
        <source>How Toolwright is started on the server; for a service account, e.g. sudo -u officer toolwright serve --stdio</source>
        <translation>Wie Toolwright auf dem Server gestartet wird; für ein Dienstkonto z. B. sudo -u officer toolwright serve --stdio</translation>
    </message>
    <message>
        <source>Remote &amp;command:</source>
        <translation>Entfernter Be&amp;fehl:</translation>
    </message>
    <message>
        <source>The system&apos;s OpenSSH client connects, with your ~/.ssh/config, agent and keys. A passphrase, password or new host key is asked for in a dialog; none is stored.</source>
        <translation>Der OpenSSH-Client des Systems verbindet sich, mit Ihrer ~/.ssh/config, Ihrem Agenten und Ihren Schlüsseln. Nach Passphrase, Passwort oder neuem Host-Schlüssel wird in einem Dialog gefragt; nichts davon wird gespeichert.</translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Enter the server&apos;s host.</source>
        <translation>Geben Sie den Host des Servers ein.</translation>
    </message>
    <message>
        <source>A host or user may not begin with &apos;-&apos;.</source>
        <translation>Ein Host oder Benutzer darf nicht mit „-“ beginnen.</translation>
    </message>
    <message>
        <source>A host or user has no spaces, &apos;/&apos;, &apos;@&apos; or &apos;:&apos; in it.</source>
        <translation>Ein Host oder Benutzer enthält keine Leerzeichen, „/“, „@“ oder „:“.</translation>
    </message>
    <message>
        <source>The DATA_PATH is an absolute path on the server (it begins with &apos;/&apos;).</source>
        <translation>Der DATA_PATH ist ein absoluter Pfad auf dem Server (er beginnt mit „/“).</translation>
    </message>
</context>
<context>
    <name>tw::ui::ConnectionStatus</name>
    <message>
        <source>&amp;Reconnect</source>
        <translation>&amp;Neu verbinden</translation>
    </message>
    <message>
        <source>Connect to the server again now</source>
        <translation>Jetzt erneut mit dem Server verbinden</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>verbinde erneut…</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbinde…</translation>
    </message>
    <message>
        <source>connected, %1 ms</source>
        <translation>verbunden, %1 ms</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message numerus="yes">
        <source>connection lost, retrying in %n s</source>
        <translation>
            <numerusform>Verbindung verloren, neuer Versuch in %n s</numerusform>
            <numerusform>Verbindung verloren, neuer Versuch in %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>getrennt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>tw::ui::DiffView</name>
    <message>
        <source>Side-by-side comparison</source>
        <translation>Vergleich nebeneinander</translation>
    </message>
</context>
<context>
    <name>tw::ui::EditorTabs</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No tool is open for editing.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Select a tool in the Browser and press &lt;b&gt;%1&lt;/b&gt; (or double-click it) to edit it,&lt;br&gt;or press &lt;b&gt;%2&lt;/b&gt; to create a new tool.&lt;/p&gt;&lt;p&gt;A global tool opens read-only; Customize makes your own copy to edit.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Kein Tool zum Bearbeiten geöffnet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Ein Tool im Browser auswählen und &lt;b&gt;%1&lt;/b&gt; drücken (oder doppelklicken), um es zu bearbeiten,&lt;br&gt;oder &lt;b&gt;%2&lt;/b&gt; drücken, um ein neues Tool anzulegen.&lt;/p&gt;&lt;p&gt;Ein globales Tool öffnet schreibgeschützt; Anpassen legt eine eigene Kopie zum Bearbeiten an.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>tw::ui::EntryTypeAssist</name>
    <message>
        <source>TypeScript: off for this view</source>
        <translation>TypeScript: in dieser Ansicht aus</translation>
    </message>
    <message>
        <source>TypeScript: not installed — %1; lint&apos;s other checks still run</source>
        <translation>TypeScript: nicht installiert — %1; die übrigen Prüfungen laufen weiter</translation>
    </message>
    <message>
        <source>TypeScript stopped (%1); it starts again with the next change</source>
        <translation>TypeScript wurde beendet (%1); es startet mit der nächsten Änderung neu</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Vervollständigen</translation>
    </message>
    <message>
        <source>Go to Definition</source>
        <translation>Zur Definition</translation>
    </message>
    <message>
        <source>TypeScript: checking…</source>
        <translation>TypeScript: prüft…</translation>
    </message>
    <message>
        <source>TypeScript: %1</source>
        <translation>TypeScript: %1</translation>
    </message>
    <message>
        <source>TypeScript: no problems</source>
        <translation>TypeScript: keine Probleme</translation>
    </message>
    <message numerus="yes">
        <source>TypeScript: %n problems</source>
        <translation>
            <numerusform>TypeScript: %n Problem</numerusform>
            <numerusform>TypeScript: %n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source> (optional)</source>
        <translation> (optional)</translation>
    </message>
</context>
<context>
    <name>tw::ui::FileViewer</name>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>File contents</source>
        <translation>Dateiinhalt</translation>
    </message>
    <message>
        <source>(%1 is over 4 MiB: not shown)</source>
        <translation>(%1 ist größer als 4 MiB: nicht angezeigt)</translation>
    </message>
    <message>
        <source>(cannot read %1: %2)</source>
        <translation>(%1 kann nicht gelesen werden: %2)</translation>
    </message>
</context>
<context>
    <name>tw::ui::FindInToolsPane</name>
    <message>
        <source>Find in tools</source>
        <translation>In Werkzeugen suchen</translation>
    </message>
    <message>
        <source>Find in every file of the tools (Enter)</source>
        <translation>In jeder Datei der Werkzeuge suchen (Eingabe)</translation>
    </message>
    <message>
        <source>Match &amp;case</source>
        <translation>&amp;Groß-/Kleinschreibung</translation>
    </message>
    <message>
        <source>&amp;Whole words</source>
        <translation>&amp;Ganze Wörter</translation>
    </message>
    <message>
        <source>Regular e&amp;xpression</source>
        <translation>Regulärer &amp;Ausdruck</translation>
    </message>
    <message>
        <source>Where to search</source>
        <translation>Wo gesucht wird</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message numerus="yes">
        <source>Searching %n tools…</source>
        <translation>
            <numerusform>Durchsucht %n Werkzeug…</numerusform>
            <numerusform>Durchsucht %n Werkzeuge…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matches so far…</source>
        <translation>
            <numerusform>%n Treffer bisher…</numerusform>
            <numerusform>%n Treffer bisher…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matches</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped at %1 matches: narrow the search</source>
        <translation>bei %1 Treffern angehalten: Suche eingrenzen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
</context>
<context>
    <name>tw::ui::MainWindow</name>
    <message>
        <source>shadows global v%1</source>
        <translation>verdeckt global v%1</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> und %n weiteres</numerusform>
            <numerusform> und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>overridden by %1</source>
        <translation>überschrieben von %1</translation>
    </message>
    <message>
        <source>duplicate name: another directory wins</source>
        <translation>doppelter Name: ein anderes Verzeichnis gewinnt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Data Directory…</source>
        <translation>Datenverzeichnis ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>Neu &amp;einlesen</translation>
    </message>
    <message>
        <source>&amp;Import Tool (.zip)…</source>
        <translation>Tool (.zip) &amp;importieren…</translation>
    </message>
    <message>
        <source>Import Tool</source>
        <translation>Tool importieren</translation>
    </message>
    <message>
        <source>Tool archives (*.zip)</source>
        <translation>Tool-Archive (*.zip)</translation>
    </message>
    <message>
        <source>Import Tool &amp;Directory…</source>
        <translation>Tool-&amp;Verzeichnis importieren…</translation>
    </message>
    <message>
        <source>Import Tool Directory</source>
        <translation>Tool-Verzeichnis importieren</translation>
    </message>
    <message>
        <source>&amp;Export Tool as Zip…</source>
        <translation>Tool als Zip &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export Tool</source>
        <translation>Tool exportieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>With &amp;Problems</source>
        <translation>Mit &amp;Problemen</translation>
    </message>
    <message>
        <source>Show only tools with warnings or errors, and directories that are not loaded</source>
        <translation>Nur Tools mit Warnungen oder Fehlern und nicht geladene Verzeichnisse zeigen</translation>
    </message>
    <message>
        <source>&amp;Overridden</source>
        <translation>Ü&amp;berschrieben</translation>
    </message>
    <message>
        <source>Show only tools that override, are overridden by, or duplicate another</source>
        <translation>Nur Tools zeigen, die ein anderes überschreiben, von einem überschrieben werden oder es doppeln</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Durchsuchen</translation>
    </message>
    <message>
        <source>Search tools</source>
        <translation>Tools durchsuchen</translation>
    </message>
    <message>
        <source>Search name, label, description (Ctrl+F)</source>
        <translation>Name, Bezeichnung, Beschreibung durchsuchen (Strg+F)</translation>
    </message>
    <message>
        <source>All locations</source>
        <translation>Alle Orte</translation>
    </message>
    <message>
        <source>Scope filter</source>
        <translation>Bereichsfilter</translation>
    </message>
    <message>
        <source>Global and user</source>
        <translation>Global und Benutzer</translation>
    </message>
    <message>
        <source>Global only</source>
        <translation>Nur global</translation>
    </message>
    <message>
        <source>User only</source>
        <translation>Nur Benutzer</translation>
    </message>
    <message>
        <source>Search Tools</source>
        <translation>Tools durchsuchen</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>Browser</source>
        <translation>Browser</translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation>Überschreibungen</translation>
    </message>
    <message>
        <source>Seed Sync</source>
        <translation>Seed-Sync</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Problems across the catalog</source>
        <translation>Probleme im ganzen Katalog</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Browser</source>
        <translation>&amp;Browser</translation>
    </message>
    <message>
        <source>&amp;Overrides</source>
        <translation>Ü&amp;berschreibungen</translation>
    </message>
    <message>
        <source>Seed &amp;Sync</source>
        <translation>Seed-&amp;Sync</translation>
    </message>
    <message>
        <source>&amp;Editor</source>
        <translation>&amp;Editor</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>Show Tool in O&amp;verrides</source>
        <translation>Tool in Ü&amp;berschreibungen zeigen</translation>
    </message>
    <message>
        <source>Focus &amp;Tool List</source>
        <translation>&amp;Toolliste fokussieren</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About Toolwright</source>
        <translation>Ü&amp;ber Toolwright</translation>
    </message>
    <message>
        <source>About Toolwright</source>
        <translation>Über Toolwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Toolwright %1&lt;/h3&gt;&lt;p&gt;Browse, lint and run the tools of an agent platform.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Toolwright %1&lt;/h3&gt;&lt;p&gt;Die Tools einer Agenten-Plattform durchsuchen, prüfen und ausführen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs in Progress</source>
        <translation>Laufende Ausführungen</translation>
    </message>
    <message>
        <source>Stop and Quit</source>
        <translation>Anhalten und beenden</translation>
    </message>
    <message>
        <source>Keep Running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>%1 — Toolwright</source>
        <translation>%1 — Toolwright</translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation>%1 wird eingelesen…</translation>
    </message>
    <message>
        <source>Open Data Directory</source>
        <translation>Datenverzeichnis öffnen</translation>
    </message>
    <message>
        <source>Select a tool to see its documentation, inputs, files and problems.</source>
        <translation>Wählen Sie ein Tool, um Dokumentation, Eingaben, Dateien und Probleme zu sehen.</translation>
    </message>
    <message>
        <source>&amp;Tool</source>
        <translation>&amp;Tool</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Run…</source>
        <translation>&amp;Ausführen…</translation>
    </message>
    <message>
        <source>Fill the tool&apos;s inputs and run it in a sandbox</source>
        <translation>Die Eingaben des Tools ausfüllen und es in einer Sandbox ausführen</translation>
    </message>
    <message>
        <source>&amp;New Tool…</source>
        <translation>&amp;Neues Tool…</translation>
    </message>
    <message>
        <source>New Tool</source>
        <translation>Neues Tool</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>&amp;Customize…</source>
        <translation>&amp;Anpassen…</translation>
    </message>
    <message>
        <source>Revert to &amp;Global…</source>
        <translation>Auf &amp;globales Tool zurücksetzen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Re&amp;vert Changes</source>
        <translation>Änderungen &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Zurücknehmen</translation>
    </message>
    <message>
        <source>Discard the unsaved changes to %1?</source>
        <translation>Die ungespeicherten Änderungen an %1 verwerfen?</translation>
    </message>
    <message>
        <source>Discard Changes</source>
        <translation>Änderungen verwerfen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Close Editor</source>
        <translation>Editor &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Admin Mode: Edit Global Tools in Place</source>
        <translation>&amp;Admin-Modus: globale Tools direkt bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Bump Version Automatically on Save</source>
        <translation>Version beim Speichern automatisch &amp;erhöhen</translation>
    </message>
    <message>
        <source>Cannot Edit</source>
        <translation>Bearbeiten nicht möglich</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>Customize</source>
        <translation>Anpassen</translation>
    </message>
    <message>
        <source>Only global tools are customised; this one is already a user&apos;s.</source>
        <translation>Nur globale Tools werden angepasst; dieses gehört bereits einem Benutzer.</translation>
    </message>
    <message>
        <source>Revert to Global</source>
        <translation>Auf globales Tool zurücksetzen</translation>
    </message>
    <message>
        <source>This is the global tool itself.</source>
        <translation>Dies ist das globale Tool selbst.</translation>
    </message>
    <message>
        <source>Remove %1? The user will get the global tool of that name again, if there is one. The directory goes to the trash where the desktop has one.</source>
        <translation>%1 entfernen? Der Benutzer erhält wieder das globale Tool dieses Namens, falls es eines gibt. Das Verzeichnis kommt in den Papierkorb, wo der Desktop einen hat.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Moved %1 to the trash.</source>
        <translation>%1 in den Papierkorb verschoben.</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>%1 gelöscht.</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Not imported:
%1</source>
        <translation>Nicht importiert:
%1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Exported %1 to %2.</source>
        <translation>%1 nach %2 exportiert.</translation>
    </message>
    <message numerus="yes">
        <source>%n not loaded</source>
        <translation>
            <numerusform>%n nicht geladen</numerusform>
            <numerusform>%n nicht geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>scanning…</source>
        <translation>wird eingelesen…</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>Be&amp;nutzer:</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>The user New Tool, Customize, Import and Run act for, and whose effective tools the view shows</source>
        <translation>Der Benutzer, für den Neues Tool, Anpassen, Importieren und Ausführen handeln und dessen wirksame Tools die Ansicht zeigt</translation>
    </message>
    <message>
        <source>no user</source>
        <translation>kein Benutzer</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeige</translation>
    </message>
    <message>
        <source>Every location as a tree, or the effective tools the user&apos;s agent sees (global tools, then the user&apos;s own; the same name later wins)</source>
        <translation>Alle Orte als Baum oder die wirksamen Tools, die der Agent des Benutzers sieht (globale Tools, dann die eigenen des Benutzers; bei gleichem Namen gewinnt das spätere)</translation>
    </message>
    <message>
        <source>Effective tools</source>
        <translation>Wirksame Tools</translation>
    </message>
    <message numerus="yes">
        <source>%n runs still in progress. Quit and stop them?</source>
        <translation>
            <numerusform>%n Ausführung läuft noch. Beenden und sie anhalten?</numerusform>
            <numerusform>%n Ausführungen laufen noch. Beenden und sie anhalten?</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 — Toolwright</source>
        <translation>%1 — %2 — Toolwright</translation>
    </message>
    <message>
        <source>%1 has no user yet. A user is a directory named by an e-mail address in the data directory, such as %1/alice@example.com; once there is one, choose it in the User list of the toolbar.</source>
        <translation>%1 hat noch keinen Benutzer. Ein Benutzer ist ein nach einer E-Mail-Adresse benanntes Verzeichnis im Datenverzeichnis, etwa %1/alice@example.com; sobald es einen gibt, wählen Sie ihn in der Benutzerliste der Werkzeugleiste.</translation>
    </message>
    <message>
        <source>&amp;Runtime…</source>
        <translation>&amp;Laufzeit…</translation>
    </message>
    <message>
        <source>&amp;Integrations…</source>
        <translation>&amp;Integrationen…</translation>
    </message>
    <message>
        <source>&amp;Secrets…</source>
        <translation>&amp;Geheimnisse…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n tools for %1.</source>
        <translation>
            <numerusform>%n Tool für %1 importiert.</numerusform>
            <numerusform>%n Tools für %1 importiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tools</source>
        <translation>
            <numerusform>%n Tool</numerusform>
            <numerusform>%n Tools</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n Benutzer</numerusform>
            <numerusform>%n Benutzer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>No tools match “%1”.</source>
        <translation>Keine Tools passen zu „%1“.</translation>
    </message>
    <message>
        <source>Esc in the search field clears it.</source>
        <translation>Esc im Suchfeld leert es.</translation>
    </message>
    <message>
        <source>No tools match the filters in the toolbar.</source>
        <translation>Keine Tools passen zu den Filtern in der Werkzeugleiste.</translation>
    </message>
    <message>
        <source>%1&apos;s agent sees no tools.</source>
        <translation>Der Agent von %1 sieht keine Tools.</translation>
    </message>
    <message>
        <source>Agent View…</source>
        <translation>Agentenansicht…</translation>
    </message>
    <message>
        <source>What the agent is given for the user&apos;s tools: registrations, sizes (largest first) and the system prompt&apos;s tool list</source>
        <translation>Was der Agent für die Tools des Benutzers erhält: Registrierungen, Größen (die größten zuerst) und die Tool-Liste des System-Prompts</translation>
    </message>
    <message>
        <source>A&amp;gent…</source>
        <translation>A&amp;gent…</translation>
    </message>
    <message>
        <source>The server&apos;s catalog could not be read: %1</source>
        <translation>Der Katalog des Servers konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1. Reconnecting…</source>
        <translation>%1. Verbinde erneut…</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>Keine Verbindung möglich: %1</translation>
    </message>
    <message>
        <source>%1:%2 (%3)</source>
        <translation>%1:%2 (%3)</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbinde…</translation>
    </message>
    <message>
        <source>reading the server&apos;s catalog…</source>
        <translation>lese den Katalog des Servers…</translation>
    </message>
    <message>
        <source>&amp;Connect to Server…</source>
        <translation>Mit &amp;Server verbinden…</translation>
    </message>
    <message>
        <source>Not connected to %1: reconnect first.</source>
        <translation>Nicht mit %1 verbunden: zuerst neu verbinden.</translation>
    </message>
    <message>
        <source>Opening %1 on the server…</source>
        <translation>Öffne %1 auf dem Server…</translation>
    </message>
    <message>
        <source>not connected to %1</source>
        <translation>nicht mit %1 verbunden</translation>
    </message>
    <message>
        <source>%1 on %2…</source>
        <translation>%1 auf %2…</translation>
    </message>
    <message>
        <source>Created %1 on the server.</source>
        <translation>%1 auf dem Server erstellt.</translation>
    </message>
    <message>
        <source>Customized as %1 on the server.</source>
        <translation>Als %1 auf dem Server angepasst.</translation>
    </message>
    <message>
        <source>Remove %1 on %2? The user will get the global tool of that name again, if there is one. The directory goes to the trash of the server&apos;s account where it has one.</source>
        <translation>%1 auf %2 entfernen? Der Benutzer erhält wieder das globale Tool dieses Namens, falls es eines gibt. Das Verzeichnis kommt in den Papierkorb des Serverkontos, wo es einen hat.</translation>
    </message>
    <message>
        <source>Moved %1 to the server&apos;s trash.</source>
        <translation>%1 in den Papierkorb des Servers verschoben.</translation>
    </message>
    <message>
        <source>Deleted %1 on the server.</source>
        <translation>%1 auf dem Server gelöscht.</translation>
    </message>
    <message>
        <source>Imported %1 for %2 on the server.</source>
        <translation>%1 für %2 auf dem Server importiert.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Exported %1 from the server to %2.</source>
        <translation>%1 vom Server nach %2 exportiert.</translation>
    </message>
    <message>
        <source>Find in Tools</source>
        <translation>In Werkzeugen suchen</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Alle Werkzeuge</translation>
    </message>
    <message>
        <source>Global tools</source>
        <translation>Globale Werkzeuge</translation>
    </message>
    <message>
        <source>Tools of %1</source>
        <translation>Werkzeuge von %1</translation>
    </message>
    <message>
        <source>&amp;Find in Tools</source>
        <translation>In &amp;Werkzeugen suchen</translation>
    </message>
    <message>
        <source>Find in Tools searches this computer&apos;s files: a server&apos;s tools are on the server</source>
        <translation>Die Suche in Werkzeugen durchsucht die Dateien dieses Rechners: die Werkzeuge eines Servers liegen auf dem Server</translation>
    </message>
</context>
<context>
    <name>tw::ui::NewToolDialog</name>
    <message>
        <source>New Tool</source>
        <translation>Neues Tool</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Tool name</source>
        <translation>Toolname</translation>
    </message>
    <message>
        <source>snake_case, e.g. weather_lookup</source>
        <translation>snake_case, z. B. weather_lookup</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>&amp;Bezeichnung:</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>&amp;Beschreibung:</translation>
    </message>
    <message>
        <source>Give the tool a name.</source>
        <translation>Geben Sie dem Tool einen Namen.</translation>
    </message>
    <message>
        <source>A new tool of &lt;b&gt;%1&lt;/b&gt;, in %2.</source>
        <translation>Ein neues Tool für &lt;b&gt;%1&lt;/b&gt;, in %2.</translation>
    </message>
    <message>
        <source>What the tool does and when the agent should use it</source>
        <translation>Was das Tool tut und wann der Agent es verwenden soll</translation>
    </message>
</context>
<context>
    <name>tw::ui::OverridesView</name>
    <message>
        <source>Filter tools</source>
        <translation>Tools filtern</translation>
    </message>
    <message>
        <source>Filter users</source>
        <translation>Benutzer filtern</translation>
    </message>
    <message>
        <source>Only &amp;customised tools</source>
        <translation>Nur &amp;angepasste Tools</translation>
    </message>
    <message>
        <source>Tools by user</source>
        <translation>Tools nach Benutzer</translation>
    </message>
    <message>
        <source>Select a cell to see which directories define the tool for that user and why one wins.</source>
        <translation>Wählen Sie eine Zelle, um zu sehen, welche Verzeichnisse das Tool für diesen Benutzer definieren und warum eines gewinnt.</translation>
    </message>
    <message>
        <source>TOOL.md</source>
        <translation>TOOL.md</translation>
    </message>
    <message>
        <source>Entry file</source>
        <translation>Einstiegsdatei</translation>
    </message>
    <message>
        <source>the global tools</source>
        <translation>die globalen Tools</translation>
    </message>
    <message>
        <source>The global definition. Select a user&apos;s cell to compare that user&apos;s tool with it.</source>
        <translation>Die globale Definition. Wählen Sie die Zelle eines Benutzers, um dessen Tool damit zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 has no tool of this name and uses the global one.</source>
        <translation>%1 hat kein Tool dieses Namens und verwendet das globale.</translation>
    </message>
    <message>
        <source>User-only tool: there is no global tool named %1 (left side empty).</source>
        <translation>Nur beim Benutzer: Es gibt kein globales Tool namens %1 (linke Seite leer).</translation>
    </message>
    <message>
        <source>Frontmatter identical to the global tool (v%1).</source>
        <translation>Frontmatter gleich dem globalen Tool (v%1).</translation>
    </message>
    <message>
        <source>Global → %1: %2</source>
        <translation>Global → %1: %2</translation>
    </message>
    <message>
        <source>%1 — no tool named %2</source>
        <translation>%1 — kein Tool namens %2</translation>
    </message>
    <message>
        <source>%1 — %2: no such file</source>
        <translation>%1 — %2: Datei nicht vorhanden</translation>
    </message>
    <message>
        <source>%1 — %2 (does not load)</source>
        <translation>%1 — %2 (lädt nicht)</translation>
    </message>
    <message>
        <source>%1 — %2 (%3)</source>
        <translation>%1 — %2 (%3)</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;background-color:rgba(66,133,244,0.35)&quot;&gt;&amp;nbsp;overrides global (version delta)&amp;nbsp;&lt;/span&gt; &lt;span style=&quot;background-color:rgba(52,168,83,0.35)&quot;&gt;&amp;nbsp;user-only&amp;nbsp;&lt;/span&gt; &lt;span style=&quot;background-color:rgba(234,67,53,0.25)&quot;&gt;&amp;nbsp;✕ does not load&amp;nbsp;&lt;/span&gt; ⚠ has problems · empty: uses the global tool</source>
        <translation>&lt;span style=&quot;background-color:rgba(66,133,244,0.35)&quot;&gt;&amp;nbsp;überschreibt global (Versionsdifferenz)&amp;nbsp;&lt;/span&gt; &lt;span style=&quot;background-color:rgba(52,168,83,0.35)&quot;&gt;&amp;nbsp;nur beim Benutzer&amp;nbsp;&lt;/span&gt; &lt;span style=&quot;background-color:rgba(234,67,53,0.25)&quot;&gt;&amp;nbsp;✕ lädt nicht&amp;nbsp;&lt;/span&gt; ⚠ hat Probleme · leer: verwendet das globale Tool</translation>
    </message>
    <message>
        <source>Select a user&apos;s cell to compare that user&apos;s tool with the global one.</source>
        <translation>Wählen Sie die Zelle eines Benutzers, um dessen Tool mit dem globalen zu vergleichen.</translation>
    </message>
    <message>
        <source>Global</source>
        <translation>Global</translation>
    </message>
    <message>
        <source>The global directory does not load, so no user gets a global %1: %2</source>
        <translation>Das globale Verzeichnis lädt nicht, daher erhält kein Benutzer ein globales %1: %2</translation>
    </message>
    <message>
        <source>%1 has no tool of this name.</source>
        <translation>%1 hat kein Tool dieses Namens.</translation>
    </message>
    <message>
        <source>%1 uses the global tool: nothing to compare.</source>
        <translation>%1 verwendet das globale Tool: nichts zu vergleichen.</translation>
    </message>
    <message>
        <source>Neither the global tools nor %1 have a tool named %2.</source>
        <translation>Weder die globalen Tools noch %1 haben ein Tool namens %2.</translation>
    </message>
    <message>
        <source>%1&apos;s directory does not load, so %1 gets the global tool: %2</source>
        <translation>Das Verzeichnis von %1 lädt nicht, daher erhält %1 das globale Tool: %2</translation>
    </message>
    <message>
        <source>%1&apos;s directory does not load, so %1 has no tool of this name: %2</source>
        <translation>Das Verzeichnis von %1 lädt nicht, daher hat %1 kein Tool dieses Namens: %2</translation>
    </message>
    <message>
        <source>Also named like it but not loaded: %1</source>
        <translation>Ebenso benannt, aber nicht geladen: %1</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunCompareView</name>
    <message>
        <source>%1 as %2, %3 — %4</source>
        <translation>%1 als %2, %3 — %4</translation>
    </message>
    <message>
        <source>(global)</source>
        <translation>(global)</translation>
    </message>
    <message>
        <source>Left:</source>
        <translation>Links:</translation>
    </message>
    <message>
        <source>Right:</source>
        <translation>Rechts:</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Same inputs, same result.</source>
        <translation>Gleiche Eingaben, gleiches Ergebnis.</translation>
    </message>
    <message>
        <source>The results are the same, from different inputs.</source>
        <translation>Die Ergebnisse sind gleich, aus unterschiedlichen Eingaben.</translation>
    </message>
    <message numerus="yes">
        <source>The results differ in %n lines.</source>
        <translation>
            <numerusform>Die Ergebnisse unterscheiden sich in %n Zeile.</numerusform>
            <numerusform>Die Ergebnisse unterscheiden sich in %n Zeilen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Results side by side</source>
        <translation>Ergebnisse nebeneinander</translation>
    </message>
    <message numerus="yes">
        <source>Result (%n changed)</source>
        <translation>
            <numerusform>Ergebnis (%n geändert)</numerusform>
            <numerusform>Ergebnis (%n geändert)</numerusform>
        </translation>
    </message>
    <message>
        <source>Inputs side by side</source>
        <translation>Eingaben nebeneinander</translation>
    </message>
    <message numerus="yes">
        <source>Inputs (%n changed)</source>
        <translation>
            <numerusform>Eingaben (%n geändert)</numerusform>
            <numerusform>Eingaben (%n geändert)</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare %1 ↔ %2</source>
        <translation>Vergleich %1 ↔ %2</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunForm</name>
    <message>
        <source>This tool takes no inputs.</source>
        <translation>Dieses Tool nimmt keine Eingaben.</translation>
    </message>
    <message>
        <source>Send this input. Unchecked, it is left out of the call (not set).</source>
        <translation>Diese Eingabe senden. Ohne Haken fehlt sie im Aufruf (nicht gesetzt).</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>geheim</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Show or hide what you typed</source>
        <translation>Eingabe zeigen oder verbergen</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 zeigen</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Remember</source>
        <translation>Merken</translation>
    </message>
    <message>
        <source>Store the typed value when the run starts: in the OS keychain, or the encrypted file chosen in Settings → Secrets</source>
        <translation>Den eingegebenen Wert beim Start speichern: im Schlüsselbund des Systems oder in der verschlüsselten Datei aus Einstellungen → Geheimnisse</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Clear: remove the stored value</source>
        <translation>Löschen: den gespeicherten Wert entfernen</translation>
    </message>
    <message>
        <source>Clear stored %1</source>
        <translation>Gespeichertes %1 löschen</translation>
    </message>
    <message>
        <source>Default: %1.</source>
        <translation>Standardwert: %1.</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>not set (default: %1)</source>
        <translation>nicht gesetzt (Standard: %1)</translation>
    </message>
    <message>
        <source>%1 (optional)</source>
        <translation>%1 (optional)</translation>
    </message>
    <message>
        <source>set (typed; stored when you run)</source>
        <translation>gesetzt (eingegeben; wird beim Ausführen gespeichert)</translation>
    </message>
    <message>
        <source>set (typed)</source>
        <translation>gesetzt (eingegeben)</translation>
    </message>
    <message>
        <source>Run stores the typed value and clears the field.</source>
        <translation>Ausführen speichert den eingegebenen Wert und leert das Feld.</translation>
    </message>
    <message>
        <source>The typed value is used instead of the stored one, and not kept.</source>
        <translation>Der eingegebene Wert wird statt des gespeicherten verwendet und nicht behalten.</translation>
    </message>
    <message>
        <source>The typed value is used for the runs you start, and not kept. Tick Remember to store it.</source>
        <translation>Der eingegebene Wert wird für die Ausführungen verwendet, die Sie starten, und nicht behalten. Setzen Sie den Haken bei Merken, um ihn zu speichern.</translation>
    </message>
    <message>
        <source>set (stored)</source>
        <translation>gesetzt (gespeichert)</translation>
    </message>
    <message>
        <source>The stored value is used. Type to use another one; Clear removes it.</source>
        <translation>Der gespeicherte Wert wird verwendet. Tippen Sie, um einen anderen zu verwenden; Löschen entfernt ihn.</translation>
    </message>
    <message>
        <source>Left out of the call.</source>
        <translation>Fehlt im Aufruf.</translation>
    </message>
    <message>
        <source>Type a value; Remember keeps it for later runs.</source>
        <translation>Geben Sie einen Wert ein; Merken behält ihn für spätere Ausführungen.</translation>
    </message>
    <message>
        <source>type to replace the stored value</source>
        <translation>zum Ersetzen des gespeicherten Werts tippen</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunHistoryPanel</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Run history</source>
        <translation>Ausführungsverlauf</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>See the selected run in full: its inputs, updates and result (Enter)</source>
        <translation>Die gewählte Ausführung vollständig ansehen: Eingaben, Aktualisierungen und Ergebnis (Enter)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Compare the results and inputs of the two selected runs side by side</source>
        <translation>Ergebnisse und Eingaben der beiden gewählten Ausführungen nebeneinander vergleichen</translation>
    </message>
    <message>
        <source>Load Inputs</source>
        <translation>Eingaben laden</translation>
    </message>
    <message>
        <source>Put the selected run&apos;s inputs into the form</source>
        <translation>Die Eingaben der gewählten Ausführung ins Formular übernehmen</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Run the tool again with the selected run&apos;s inputs</source>
        <translation>Das Tool erneut mit den Eingaben der gewählten Ausführung ausführen</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Alle Tools</translation>
    </message>
    <message>
        <source>Show the runs of every tool, not only this one&apos;s</source>
        <translation>Die Ausführungen aller Tools zeigen, nicht nur die dieses Tools</translation>
    </message>
    <message>
        <source>Refresh: read the history again (runs from the command line appear)</source>
        <translation>Aktualisieren: den Verlauf neu einlesen (Ausführungen von der Kommandozeile erscheinen)</translation>
    </message>
    <message>
        <source>Refresh history</source>
        <translation>Verlauf aktualisieren</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunPane</name>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Latest Snapshot</source>
        <translation>Letzter Stand</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Raw Events</source>
        <translation>Rohe Ereignisse</translation>
    </message>
    <message>
        <source>

⋯ TRUNCATED: showing the first %1 of %2 characters. Save Output → %3 writes all of it.</source>
        <translation>

⋯ GEKÜRZT: die ersten %1 von %2 Zeichen. Ausgabe speichern → %3 schreibt alles.</translation>
    </message>
    <message>
        <source>Time since the run started</source>
        <translation>Zeit seit dem Start</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Save Output</source>
        <translation>Ausgabe speichern</translation>
    </message>
    <message>
        <source>Write the full text of an output to a file (the views show at most %L1 characters)</source>
        <translation>Den vollen Text einer Ausgabe in eine Datei schreiben (die Ansichten zeigen höchstens %L1 Zeichen)</translation>
    </message>
    <message>
        <source>Copy Result</source>
        <translation>Ergebnis kopieren</translation>
    </message>
    <message>
        <source>Copy as Command</source>
        <translation>Als Befehl kopieren</translation>
    </message>
    <message>
        <source>Copy the equivalent `toolwright run` line (secrets left out)</source>
        <translation>Die entsprechende `toolwright run`-Zeile kopieren (ohne Geheimnisse)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Abort the tool&apos;s signal, then stop its sandbox after a grace period</source>
        <translation>Das Signal des Tools abbrechen, dann nach einer Schonfrist seine Sandbox anhalten</translation>
    </message>
    <message>
        <source>No progress reported yet.</source>
        <translation>Noch kein Fortschritt gemeldet.</translation>
    </message>
    <message>
        <source>Latest snapshot</source>
        <translation>Letzter Stand</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>Aktualisierungen</translation>
    </message>
    <message>
        <source>Selected update</source>
        <translation>Gewählte Aktualisierung</translation>
    </message>
    <message>
        <source>Select an update to see it in full.</source>
        <translation>Wählen Sie eine Aktualisierung, um sie vollständig zu sehen.</translation>
    </message>
    <message>
        <source>The result appears here when the run ends.</source>
        <translation>Das Ergebnis erscheint hier, wenn die Ausführung endet.</translation>
    </message>
    <message>
        <source>Raw events</source>
        <translation>Rohe Ereignisse</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>The environment appears here when the sandbox starts.</source>
        <translation>Die Umgebung erscheint hier, wenn die Sandbox startet.</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>Roh</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 — starting</source>
        <translation>%1 — startet</translation>
    </message>
    <message>
        <source>%1 — preparing</source>
        <translation>%1 — Vorbereitung</translation>
    </message>
    <message>
        <source>%1 — running</source>
        <translation>%1 — läuft</translation>
    </message>
    <message>
        <source>%1 — partial output</source>
        <translation>%1 — Teilausgabe</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
    <message>
        <source>Preparing the sandbox…</source>
        <translation>Sandbox wird vorbereitet…</translation>
    </message>
    <message>
        <source>Running in %1 — no output yet</source>
        <translation>Läuft in %1 — noch keine Ausgabe</translation>
    </message>
    <message>
        <source>Running in %1 — partial output</source>
        <translation>Läuft in %1 — Teilausgabe</translation>
    </message>
    <message>
        <source># What the tool sees in its environment (secret values masked)</source>
        <translation># Was das Tool in seiner Umgebung sieht (geheime Werte maskiert)</translation>
    </message>
    <message>
        <source># The sandbox was started with (secrets never appear here: they travel in the environment)</source>
        <translation># Die Sandbox wurde gestartet mit (Geheimnisse erscheinen hier nie: sie reisen in der Umgebung)</translation>
    </message>
    <message>
        <source>Update %L1 at %2 — each update replaces the one before; the Timeline lists them all.</source>
        <translation>Aktualisierung %L1 um %2 — jede ersetzt die vorige; die Zeitleiste listet alle.</translation>
    </message>
    <message>
        <source>⋯ TRUNCATED: %1 earlier characters are not shown (this view keeps the newest). Save Output → %2 writes all of it.</source>
        <translation>⋯ GEKÜRZT: %1 frühere Zeichen werden nicht gezeigt (diese Ansicht behält die neuesten). Ausgabe speichern → %2 schreibt alles.</translation>
    </message>
    <message>
        <source>Timeline (%L1)</source>
        <translation>Zeitleiste (%L1)</translation>
    </message>
    <message>
        <source>Log (%L1)</source>
        <translation>Protokoll (%L1)</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Finished — tool error</source>
        <translation>Beendet — Tool-Fehler</translation>
    </message>
    <message>
        <source>The tool returned isError: true.</source>
        <translation>Das Tool lieferte isError: true.</translation>
    </message>
    <message>
        <source>Failed — error</source>
        <translation>Fehlgeschlagen — Fehler</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Could not run</source>
        <translation>Konnte nicht ausgeführt werden</translation>
    </message>
    <message>
        <source>The last snapshot is kept in the Snapshot tab.</source>
        <translation>Der letzte Stand bleibt im Reiter Stand erhalten.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>%1 speichern</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>Kein Speicher mehr</translation>
    </message>
    <message>
        <source>The tool ran out of memory (limit %1 MB); raise the memory in the run settings if it needs more.</source>
        <translation>Dem Tool ging der Speicher aus (Grenze %1 MB); erhöhen Sie den Speicher in den Ausführungseinstellungen, wenn es mehr braucht.</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>no network</source>
        <translation>kein Netzwerk</translation>
    </message>
    <message>
        <source>limits not enforced · %1</source>
        <translation>Grenzen nicht durchgesetzt · %1</translation>
    </message>
    <message>
        <source>Limits: %1</source>
        <translation>Grenzen: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Each progress update the tool sends (onUpdate) replaces what is shown here.</source>
        <translation>Jede Fortschrittsmeldung, die das Tool sendet (onUpdate), ersetzt, was hier angezeigt wird.</translation>
    </message>
    <message>
        <source>No output yet: what the tool prints (console.log, stdout, stderr) appears here.</source>
        <translation>Noch keine Ausgabe: Was das Tool ausgibt (console.log, stdout, stderr), erscheint hier.</translation>
    </message>
    <message>
        <source>// the request on stdin (secrets masked), then every event, each after its time since the start</source>
        <translation>// die Anfrage auf stdin (Geheimnisse maskiert), dann jedes Ereignis, jeweils nach seiner Zeit seit dem Start</translation>
    </message>
    <message>
        <source>The tool wrote no output (nothing on stdout or stderr).</source>
        <translation>Das Tool hat keine Ausgabe geschrieben (nichts auf stdout oder stderr).</translation>
    </message>
    <message>
        <source>The tool sent no progress updates.</source>
        <translation>Das Tool hat keine Fortschrittsmeldungen gesendet.</translation>
    </message>
    <message>
        <source>Waiting for the passphrase of the secret file…</source>
        <translation>Warte auf die Passphrase der Geheimnisdatei…</translation>
    </message>
    <message>
        <source>What the run creates, changes and removes in its data root is listed here when it ends.</source>
        <translation>Was der Lauf in seinem Datenverzeichnis anlegt, ändert und entfernt, steht hier, sobald er endet.</translation>
    </message>
    <message>
        <source>Changes to the data root</source>
        <translation>Änderungen am Datenverzeichnis</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>&amp;Discard Changes</source>
        <translation>Änderungen &amp;verwerfen</translation>
    </message>
    <message>
        <source>Leave the data root as it was before the run</source>
        <translation>Das Datenverzeichnis so lassen, wie es vor dem Lauf war</translation>
    </message>
    <message>
        <source>&amp;Keep Changes</source>
        <translation>Änderungen &amp;behalten</translation>
    </message>
    <message>
        <source>Apply the changes to the data root (every later run of this user sees them)</source>
        <translation>Die Änderungen ins Datenverzeichnis übernehmen (jeder spätere Lauf dieses Benutzers sieht sie)</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Nothing to review: the tool had no data root of its own to write, or the sandbox did not run (docker writes the data root itself).</source>
        <translation>Nichts zu prüfen: das Tool hatte kein eigenes Datenverzeichnis zum Schreiben, oder die Sandbox lief nicht (docker schreibt das Datenverzeichnis selbst).</translation>
    </message>
    <message>
        <source>The run&apos;s changes are listed by the server (its settings keep or discard them; `toolwright run --json` there shows them).</source>
        <translation>Die Änderungen des Laufs listet der Server auf (seine Einstellungen behalten oder verwerfen sie; `toolwright run --json` dort zeigt sie).</translation>
    </message>
    <message>
        <source>loaded by programs by themselves</source>
        <translation>wird von Programmen von selbst geladen</translation>
    </message>
    <message>
        <source>Changes (%L1)</source>
        <translation>Änderungen (%L1)</translation>
    </message>
    <message>
        <source>The run changed nothing in its data root.</source>
        <translation>Der Lauf hat in seinem Datenverzeichnis nichts geändert.</translation>
    </message>
    <message numerus="yes">
        <source>%n of them are files programs load by themselves (shell start-up files, Python&apos;s site-packages, node_modules, git hooks…): a later run of any tool would run them.</source>
        <translation>
            <numerusform>%n davon ist eine Datei, die Programme von selbst laden (Shell-Startdateien, Pythons site-packages, node_modules, Git-Hooks…): ein späterer Lauf jedes Tools würde sie ausführen.</numerusform>
            <numerusform>%n davon sind Dateien, die Programme von selbst laden (Shell-Startdateien, Pythons site-packages, node_modules, Git-Hooks…): ein späterer Lauf jedes Tools würde sie ausführen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The first %L1 are listed.</source>
        <translation>Die ersten %L1 sind aufgeführt.</translation>
    </message>
    <message>
        <source>Keeping the changes…</source>
        <translation>Die Änderungen werden behalten…</translation>
    </message>
    <message>
        <source>Discarding the changes…</source>
        <translation>Die Änderungen werden verworfen…</translation>
    </message>
    <message numerus="yes">
        <source>The run wrote %n changes (%1) to its data root, which is unchanged until you keep them.</source>
        <translation>
            <numerusform>Der Lauf hat %n Änderung (%1) in sein Datenverzeichnis geschrieben; es bleibt unverändert, bis Sie sie behalten.</numerusform>
            <numerusform>Der Lauf hat %n Änderungen (%1) in sein Datenverzeichnis geschrieben; es bleibt unverändert, bis Sie sie behalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes (%1) were kept in the data root.</source>
        <translation>
            <numerusform>%n Änderung (%1) wurde im Datenverzeichnis behalten.</numerusform>
            <numerusform>%n Änderungen (%1) wurden im Datenverzeichnis behalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes were discarded: the data root is as it was.</source>
        <translation>
            <numerusform>%n Änderung wurde verworfen: das Datenverzeichnis ist wie zuvor.</numerusform>
            <numerusform>%n Änderungen wurden verworfen: das Datenverzeichnis ist wie zuvor.</numerusform>
        </translation>
    </message>
    <message>
        <source>Write cap reached</source>
        <translation>Schreibgrenze erreicht</translation>
    </message>
    <message>
        <source>%1 MB · %2 processes · %3 · %4</source>
        <translation>%1 MB · %2 Prozesse · %3 · %4</translation>
    </message>
    <message>
        <source>%1 CPU</source>
        <translation>%1 CPU</translation>
    </message>
    <message>
        <source>CPU not limited</source>
        <translation>CPU nicht begrenzt</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunRecordView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 as %2, %3</source>
        <translation>%1 als %2, %3</translation>
    </message>
    <message>
        <source>(global)</source>
        <translation>(global)</translation>
    </message>
    <message>
        <source>Load Inputs</source>
        <translation>Eingaben laden</translation>
    </message>
    <message>
        <source>Put this run&apos;s inputs into the form (sensitive ones come from the keychain)</source>
        <translation>Die Eingaben dieser Ausführung ins Formular übernehmen (vertrauliche kommen aus dem Schlüsselbund)</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Run the tool again with this run&apos;s inputs</source>
        <translation>Das Tool erneut mit den Eingaben dieser Ausführung ausführen</translation>
    </message>
    <message>
        <source>History · %1</source>
        <translation>Verlauf · %1</translation>
    </message>
    <message>
        <source>Inputs of the past run</source>
        <translation>Eingaben der früheren Ausführung</translation>
    </message>
    <message>
        <source>The run had no inputs.</source>
        <translation>Die Ausführung hatte keine Eingaben.</translation>
    </message>
    <message>
        <source>Updates of the past run</source>
        <translation>Aktualisierungen der früheren Ausführung</translation>
    </message>
    <message>
        <source>The run sent no updates.</source>
        <translation>Die Ausführung hat keine Aktualisierungen gesendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n later updates past the history&apos;s size limit were counted, not kept.</source>
        <translation>
            <numerusform>%n spätere Aktualisierung über der Größengrenze des Verlaufs wurde gezählt, aber nicht behalten.</numerusform>
            <numerusform>%n spätere Aktualisierungen über der Größengrenze des Verlaufs wurden gezählt, aber nicht behalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Selected update</source>
        <translation>Gewählte Aktualisierung</translation>
    </message>
    <message>
        <source>Select an update to see it in full.</source>
        <translation>Wählen Sie eine Aktualisierung, um sie vollständig zu sehen.</translation>
    </message>
    <message>
        <source>Result of the past run</source>
        <translation>Ergebnis der früheren Ausführung</translation>
    </message>
    <message>
        <source>The result was empty.</source>
        <translation>Das Ergebnis war leer.</translation>
    </message>
    <message>
        <source>The run ended without a result.</source>
        <translation>Die Ausführung endete ohne Ergebnis.</translation>
    </message>
    <message>
        <source>The history keeps the start of a large result: this is cut short.</source>
        <translation>Der Verlauf behält nur den Anfang eines großen Ergebnisses: Dieses ist gekürzt.</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Updates (%L1)</source>
        <translation>Aktualisierungen (%L1)</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>tw::ui::RunView</name>
    <message>
        <source>Preset:</source>
        <translation>Voreinstellung:</translation>
    </message>
    <message>
        <source>Type a name and Save to keep the current inputs (never secrets); pick one to load it</source>
        <translation>Namen eingeben und speichern, um die aktuellen Eingaben zu behalten (nie Geheimnisse); zum Laden eine auswählen</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Voreinstellung speichern</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Voreinstellung löschen</translation>
    </message>
    <message>
        <source>Edit as &amp;JSON</source>
        <translation>Als &amp;JSON bearbeiten</translation>
    </message>
    <message>
        <source>Edit the whole params object as JSON; it is checked against the inputs before Run</source>
        <translation>Das ganze params-Objekt als JSON bearbeiten; es wird vor dem Ausführen gegen die Eingaben geprüft</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Params as JSON</source>
        <translation>Parameter als JSON</translation>
    </message>
    <message>
        <source>&lt;small&gt;Leave an input out to leave it unset. A sensitive value shown as %1 is the one typed in the form; leave it out to use the keychain&apos;s.&lt;/small&gt;</source>
        <translation>&lt;small&gt;Lassen Sie eine Eingabe weg, um sie nicht zu setzen. Ein vertraulicher Wert, gezeigt als %1, ist der im Formular eingegebene; weglassen, um den aus dem Schlüsselbund zu verwenden.&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Could not clear the stored %1: %2</source>
        <translation>Gespeichertes %1 konnte nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>Cleared the stored %1.</source>
        <translation>Gespeichertes %1 gelöscht.</translation>
    </message>
    <message>
        <source>Run settings for this tool</source>
        <translation>Ausführungseinstellungen für dieses Tool</translation>
    </message>
    <message>
        <source>auto tries podman, docker, then bubblewrap (the default is set in Settings → Runtime)</source>
        <translation>auto versucht podman, docker, dann bubblewrap (der Standard steht in Einstellungen → Laufzeit)</translation>
    </message>
    <message>
        <source>Runtime:</source>
        <translation>Laufzeit:</translation>
    </message>
    <message>
        <source>Allow network access</source>
        <translation>Netzwerkzugriff erlauben</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Zeitlimit:</translation>
    </message>
    <message>
        <source>Each progress update restarts the timeout</source>
        <translation>Jede Fortschrittsmeldung startet das Zeitlimit neu</translation>
    </message>
    <message>
        <source>The longest a run may take, however often it reports progress</source>
        <translation>Die längste Dauer einer Ausführung, wie oft sie auch Fortschritt meldet</translation>
    </message>
    <message>
        <source>Hard limit:</source>
        <translation>Harte Grenze:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Speicher:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>Run the tool with these inputs (Ctrl+Return)</source>
        <translation>Das Tool mit diesen Eingaben ausführen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>No runs yet.

Fill in the inputs and press Run (Ctrl+Return). Each run gets a pane here with its progress, log, result and raw events; several can run at once.</source>
        <translation>Noch keine Ausführungen.

Füllen Sie die Eingaben aus und drücken Sie Ausführen (Strg+Eingabe). Jede Ausführung erhält hier einen Bereich mit Fortschritt, Protokoll, Ergebnis und rohen Ereignissen; mehrere können gleichzeitig laufen.</translation>
    </message>
    <message>
        <source>%1 changed on disk. The form reloads when its run ends.</source>
        <translation>%1 wurde auf der Festplatte geändert. Das Formular lädt neu, wenn die Ausführung endet.</translation>
    </message>
    <message>
        <source>%1 no longer loads from %2.</source>
        <translation>%1 lädt nicht mehr aus %2.</translation>
    </message>
    <message>
        <source>%1 no longer loads: %2</source>
        <translation>%1 lädt nicht mehr: %2</translation>
    </message>
    <message>
        <source>%1 is gone from disk (%2).</source>
        <translation>%1 ist nicht mehr auf der Festplatte (%2).</translation>
    </message>
    <message>
        <source>The platform would now use the global copy (v%1) for %2; Toolwright does not switch to it on its own. Fix the file, or pick the global tool in the browser to run that one.</source>
        <translation>Die Plattform würde jetzt die globale Kopie (v%1) für %2 verwenden; Toolwright wechselt nicht von selbst dorthin. Beheben Sie die Datei oder wählen Sie das globale Tool im Browser, um jenes auszuführen.</translation>
    </message>
    <message>
        <source>Reloaded %1 (version %2): its files changed on disk.</source>
        <translation>%1 (Version %2) neu geladen: seine Dateien wurden auf der Festplatte geändert.</translation>
    </message>
    <message>
        <source>Secret store: %1</source>
        <translation>Geheimnisspeicher: %1</translation>
    </message>
    <message>
        <source>Could not store %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Use the Stored Secret?</source>
        <translation>Gespeichertes Geheimnis verwenden?</translation>
    </message>
    <message>
        <source>Use</source>
        <translation>Verwenden</translation>
    </message>
    <message>
        <source>Don&apos;t Use</source>
        <translation>Nicht verwenden</translation>
    </message>
    <message>
        <source>The run could not be written to the history (%1).</source>
        <translation>Die Ausführung konnte nicht in den Verlauf geschrieben werden (%1).</translation>
    </message>
    <message>
        <source>Stop the Run?</source>
        <translation>Ausführung anhalten?</translation>
    </message>
    <message>
        <source>%1 is still running. Close its pane and stop it?</source>
        <translation>%1 läuft noch. Bereich schließen und anhalten?</translation>
    </message>
    <message>
        <source>Stop and Close</source>
        <translation>Anhalten und schließen</translation>
    </message>
    <message>
        <source>Keep Running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>%1 is no longer among %2&apos;s tools.</source>
        <translation>%1 gehört nicht mehr zu den Tools von %2.</translation>
    </message>
    <message>
        <source>the global</source>
        <translation>die globalen</translation>
    </message>
    <message>
        <source>Inputs of the run of %1 loaded.</source>
        <translation>Eingaben des Laufs vom %1 geladen.</translation>
    </message>
    <message>
        <source>params: %1</source>
        <translation>Parameter: %1</translation>
    </message>
    <message>
        <source>Fix the JSON first: the form cannot show %1</source>
        <translation>Beheben Sie zuerst das JSON: das Formular kann %1 nicht zeigen</translation>
    </message>
    <message>
        <source>Type a name for the preset first.</source>
        <translation>Geben Sie zuerst einen Namen für die Voreinstellung ein.</translation>
    </message>
    <message>
        <source>Preset “%1” saved (sensitive inputs are never kept in presets).</source>
        <translation>Voreinstellung „%1“ gespeichert (vertrauliche Eingaben werden nie in Voreinstellungen behalten).</translation>
    </message>
    <message>
        <source>Preset “%1” loaded.</source>
        <translation>Voreinstellung „%1“ geladen.</translation>
    </message>
    <message>
        <source>There is no preset “%1”.</source>
        <translation>Es gibt keine Voreinstellung „%1“.</translation>
    </message>
    <message>
        <source>Preset “%1” deleted.</source>
        <translation>Voreinstellung „%1“ gelöscht.</translation>
    </message>
    <message>
        <source>Run with the form&apos;s inputs (Run view)</source>
        <translation>Mit den Eingaben des Formulars ausführen (Ansicht Ausführen)</translation>
    </message>
    <message>
        <source>Run as:</source>
        <translation>Ausführen als:</translation>
    </message>
    <message>
        <source>Run as user</source>
        <translation>Als Benutzer ausführen</translation>
    </message>
    <message>
        <source>The user the tool runs for: it sees this user&apos;s data root and tools, and no one else&apos;s</source>
        <translation>Der Benutzer, für den das Tool läuft: Es sieht dessen Datenverzeichnis und Tools, und die keines anderen</translation>
    </message>
    <message>
        <source>Choose a user</source>
        <translation>Benutzer wählen</translation>
    </message>
    <message>
        <source>Wait for the runs of %1 to end before changing the user.</source>
        <translation>Warten Sie, bis die Ausführungen von %1 beendet sind, bevor Sie den Benutzer wechseln.</translation>
    </message>
    <message>
        <source>%1 has no tool named %2.</source>
        <translation>%1 hat kein Tool namens %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2) — %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2) — %3</translation>
    </message>
    <message>
        <source>Choose the user to run as: a tool always runs for one user and sees only that user&apos;s data.</source>
        <translation>Wählen Sie den Benutzer, als der ausgeführt wird: Ein Tool läuft immer für einen Benutzer und sieht nur dessen Daten.</translation>
    </message>
    <message>
        <source>Tool, inputs and run settings</source>
        <translation>Tool, Eingaben und Ausführungseinstellungen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Inputs&lt;/b&gt;</source>
        <translation>&lt;b&gt;Eingaben&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No tool chosen.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Select a tool in the Browser (%1), then press %2 (Tool&amp;nbsp;→&amp;nbsp;Run…) to fill in its inputs and run it here.&lt;/p&gt;&lt;p&gt;Past runs are listed under History: open one to see it in full, or select two and Compare.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Kein Tool gewählt.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Wählen Sie ein Tool im Browser (%1) und drücken Sie dann %2 (Tool&amp;nbsp;→&amp;nbsp;Ausführen…), um seine Eingaben auszufüllen und es hier auszuführen.&lt;/p&gt;&lt;p&gt;Frühere Ausführungen stehen unter Verlauf: Öffnen Sie eine, um sie vollständig zu sehen, oder wählen Sie zwei und dann Vergleichen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>That run is no longer in the history.</source>
        <translation>Diese Ausführung ist nicht mehr im Verlauf.</translation>
    </message>
    <message>
        <source>%1 as %2, %3 (from the history)</source>
        <translation>%1 als %2, %3 (aus dem Verlauf)</translation>
    </message>
    <message>
        <source>(global)</source>
        <translation>(global)</translation>
    </message>
    <message>
        <source>Choose two runs in the history to compare.</source>
        <translation>Wählen Sie zwei Ausführungen im Verlauf zum Vergleichen.</translation>
    </message>
    <message>
        <source>%1, %2 ↔ %3, %4</source>
        <translation>%1, %2 ↔ %3, %4</translation>
    </message>
    <message>
        <source>Still reading the tools: run again when the scan has finished.</source>
        <translation>Die Tools werden noch gelesen: erneut ausführen, wenn der Scan fertig ist.</translation>
    </message>
    <message>
        <source>Runs on %1 use its runtime (bubblewrap, podman or docker) and its run settings for the tool; your secrets go with each run and are not stored there.</source>
        <translation>Läufe auf %1 verwenden dessen Laufzeitumgebung (bubblewrap, podman oder docker) und dessen Ausführungseinstellungen für das Tool; Ihre Geheimnisse werden mit jedem Lauf übertragen und dort nicht gespeichert.</translation>
    </message>
</context>
<context>
    <name>tw::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>auto tries podman, then docker, then bubblewrap, and uses the first that works</source>
        <translation>auto versucht podman, dann docker, dann bubblewrap und verwendet die erste, die funktioniert</translation>
    </message>
    <message>
        <source>Preferred runtime:</source>
        <translation>Bevorzugte Laufzeit:</translation>
    </message>
    <message>
        <source>podman binary:</source>
        <translation>podman-Programm:</translation>
    </message>
    <message>
        <source>docker binary:</source>
        <translation>docker-Programm:</translation>
    </message>
    <message>
        <source>Runs never pull: the image must be present (podman pull / docker pull it once)</source>
        <translation>Ausführungen laden nie herunter: das Image muss vorhanden sein (einmal podman pull / docker pull)</translation>
    </message>
    <message>
        <source>Container image:</source>
        <translation>Container-Image:</translation>
    </message>
    <message>
        <source>Added to `podman run` before the image, split like a shell would</source>
        <translation>Wird `podman run` vor dem Image hinzugefügt, aufgeteilt wie von einer Shell</translation>
    </message>
    <message>
        <source>podman run arguments:</source>
        <translation>podman-run-Argumente:</translation>
    </message>
    <message>
        <source>docker run arguments:</source>
        <translation>docker-run-Argumente:</translation>
    </message>
    <message>
        <source>podman global arguments:</source>
        <translation>globale podman-Argumente:</translation>
    </message>
    <message>
        <source>docker global arguments:</source>
        <translation>globale docker-Argumente:</translation>
    </message>
    <message>
        <source>Process limit:</source>
        <translation>Prozessgrenze:</translation>
    </message>
    <message>
        <source>Check Runtimes</source>
        <translation>Laufzeiten prüfen</translation>
    </message>
    <message>
        <source>Try podman, docker and bubblewrap with these values and say which one auto would use</source>
        <translation>podman, docker und bubblewrap mit diesen Werten versuchen und sagen, welche auto verwenden würde</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>No user chosen: integrations belong to a user. Pick a user&apos;s view first.</source>
        <translation>Kein Benutzer gewählt: Integrationen gehören zu einem Benutzer. Wählen Sie zuerst die Ansicht eines Benutzers.</translation>
    </message>
    <message>
        <source>Integrations of &lt;b&gt;%1&lt;/b&gt; (what their tools see in the environment):</source>
        <translation>Integrationen von &lt;b&gt;%1&lt;/b&gt; (was seine Tools in der Umgebung sehen):</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>nicht eingerichtet</translation>
    </message>
    <message>
        <source>Host path of the email SQLite database, mounted read-write at /officer/data/emails.db</source>
        <translation>Pfad der E-Mail-SQLite-Datenbank auf dem Rechner, les- und schreibbar eingehängt unter /officer/data/emails.db</translation>
    </message>
    <message>
        <source>Email database:</source>
        <translation>E-Mail-Datenbank:</translation>
    </message>
    <message>
        <source>SearXNG URL (PI_SEARXNG_URL):</source>
        <translation>SearXNG-URL (PI_SEARXNG_URL):</translation>
    </message>
    <message>
        <source>Browser relay port:</source>
        <translation>Browser-Relay-Port:</translation>
    </message>
    <message>
        <source>Browser relay token:</source>
        <translation>Browser-Relay-Token:</translation>
    </message>
    <message>
        <source>Apify token:</source>
        <translation>Apify-Token:</translation>
    </message>
    <message>
        <source>Resources (OFFICER_RESOURCES, one JSON object per id):</source>
        <translation>Ressourcen (OFFICER_RESOURCES, ein JSON-Objekt pro Id):</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Settings (JSON)</source>
        <translation>Einstellungen (JSON)</translation>
    </message>
    <message>
        <source>Secret fields (JSON, keychain)</source>
        <translation>Geheime Felder (JSON, Schlüsselbund)</translation>
    </message>
    <message>
        <source>Add Resource</source>
        <translation>Ressource hinzufügen</translation>
    </message>
    <message>
        <source>Remove Resource</source>
        <translation>Ressource entfernen</translation>
    </message>
    <message>
        <source>Integrations</source>
        <translation>Integrationen</translation>
    </message>
    <message>
        <source>Keep secrets in the OS &amp;keychain (recommended)</source>
        <translation>Geheimnisse im &amp;Schlüsselbund des Systems aufbewahren (empfohlen)</translation>
    </message>
    <message>
        <source>Keep secrets in an &amp;encrypted file, unlocked with a passphrase</source>
        <translation>Geheimnisse in einer &amp;verschlüsselten Datei aufbewahren, mit einer Passphrase entsperrt</translation>
    </message>
    <message>
        <source>Argon2id + XSalsa20-Poly1305 (libsodium), mode 0600; nothing in it is readable without the passphrase</source>
        <translation>Argon2id + XSalsa20-Poly1305 (libsodium), Modus 0600; ohne die Passphrase ist nichts darin lesbar</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>Passphrase:</translation>
    </message>
    <message>
        <source>Passphrase again</source>
        <translation>Passphrase wiederholen</translation>
    </message>
    <message>
        <source>only when creating the file</source>
        <translation>nur beim Anlegen der Datei</translation>
    </message>
    <message>
        <source>Again:</source>
        <translation>Wiederholen:</translation>
    </message>
    <message>
        <source>&lt;small&gt;Without a keychain, Toolwright stores no secret at all until you choose the encrypted file here: never a plain file, never the settings.&lt;/small&gt;</source>
        <translation>&lt;small&gt;Ohne Schlüsselbund speichert Toolwright überhaupt kein Geheimnis, bis Sie hier die verschlüsselte Datei wählen: nie eine Klartextdatei, nie die Einstellungen.&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Geheimnisse</translation>
    </message>
    <message>
        <source>OS keychain on this host: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Schlüsselbund des Systems auf diesem Rechner: &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No OS keychain on this host&lt;/b&gt;: %1.</source>
        <translation>&lt;b&gt;Kein Schlüsselbund des Systems auf diesem Rechner&lt;/b&gt;: %1.</translation>
    </message>
    <message>
        <source>set, stored (type to replace)</source>
        <translation>gesetzt, gespeichert (zum Ersetzen tippen)</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Fields in the keychain: %1</source>
        <translation>Felder im Schlüsselbund: %1</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>%1: ready</source>
        <translation>%1: bereit</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>auto: no runtime works on this machine</source>
        <translation>auto: auf diesem Rechner funktioniert keine Laufzeit</translation>
    </message>
    <message>
        <source>auto uses %1</source>
        <translation>auto verwendet %1</translation>
    </message>
    <message>
        <source>Unlock</source>
        <translation>Entsperren</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <source>The file does not exist yet: choose a passphrase (at least %1 characters).</source>
        <translation>Die Datei existiert noch nicht: wählen Sie eine Passphrase (mindestens %1 Zeichen).</translation>
    </message>
    <message>
        <source>Unlocked for this session.</source>
        <translation>Für diese Sitzung entsperrt.</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>Die beiden Passphrasen unterscheiden sich.</translation>
    </message>
    <message>
        <source>Resource row %1: the id must be unique, not empty and without &apos;/&apos;.</source>
        <translation>Ressourcenzeile %1: die Id muss eindeutig, nicht leer und ohne &apos;/&apos; sein.</translation>
    </message>
    <message>
        <source>Resource %1: the settings must be a JSON object (%2).</source>
        <translation>Ressource %1: die Einstellungen müssen ein JSON-Objekt sein (%2).</translation>
    </message>
    <message>
        <source>Resource %1: the secret fields must be a JSON object (%2).</source>
        <translation>Ressource %1: die geheimen Felder müssen ein JSON-Objekt sein (%2).</translation>
    </message>
    <message>
        <source>The keychain refused: %1</source>
        <translation>Der Schlüsselbund hat abgelehnt: %1</translation>
    </message>
    <message>
        <source>•••••• (set, stored; type a JSON object to replace)</source>
        <translation>•••••• (gesetzt, gespeichert; zum Ersetzen ein JSON-Objekt eingeben)</translation>
    </message>
    <message>
        <source>Looking for the OS keychain on this host…</source>
        <translation>Suche den Schlüsselbund des Systems auf diesem Rechner…</translation>
    </message>
    <message>
        <source>Locked: unlock it here to store tokens; a run that needs a secret asks for the passphrase before it starts.</source>
        <translation>Gesperrt: Entsperren Sie die Datei hier, um Token zu speichern; ein Lauf, der ein Geheimnis braucht, fragt vor dem Start nach der Passphrase.</translation>
    </message>
    <message>
        <source>Token budget per tool</source>
        <translation>Token-Budget je Tool</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>A tool whose description, body and parameter schema cost the agent more (estimated at four characters a token) is marked in the Agent tab and Agent View, and lint warns with agent-budget-exceeded</source>
        <translation>Ein Tool, dessen Beschreibung, Body und Parameterschema den Agenten mehr kosten (geschätzt zu vier Zeichen je Token), wird im Agent-Reiter und in der Agentenansicht markiert, und lint warnt mit agent-budget-exceeded</translation>
    </message>
    <message>
        <source>Budget per tool:</source>
        <translation>Budget je Tool:</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>A container&apos;s --cpus, and bubblewrap&apos;s cgroup CPU limit</source>
        <translation>--cpus eines Containers und die CPU-Grenze der cgroup von bubblewrap</translation>
    </message>
    <message>
        <source>CPUs per run:</source>
        <translation>CPUs je Lauf:</translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Ask after the run (the CLI discards)</source>
        <translation>Nach dem Lauf fragen (die CLI verwirft)</translation>
    </message>
    <message>
        <source>Discard them</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Changes by your own tools</source>
        <translation>Änderungen durch Ihre eigenen Tools</translation>
    </message>
    <message>
        <source>Changes by tools from others</source>
        <translation>Änderungen durch Tools anderer</translation>
    </message>
    <message>
        <source>Data root changes by your own tools:</source>
        <translation>Änderungen am Datenverzeichnis durch eigene Tools:</translation>
    </message>
    <message>
        <source>…by tools from others:</source>
        <translation>…durch Tools anderer:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Write cap in megabytes</source>
        <translation>Schreibgrenze in Megabyte</translation>
    </message>
    <message>
        <source> files</source>
        <translation> Dateien</translation>
    </message>
    <message>
        <source>Write cap in files</source>
        <translation>Schreibgrenze in Dateien</translation>
    </message>
    <message>
        <source>Writes per run:</source>
        <translation>Schreiben je Lauf:</translation>
    </message>
</context>
<context>
    <name>tw::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Anywhere in the window</source>
        <translation>Überall im Fenster</translation>
    </message>
    <message>
        <source>In a view</source>
        <translation>In einer Ansicht</translation>
    </message>
</context>
<context>
    <name>tw::ui::SyncView</name>
    <message>
        <source>&amp;Seed tools:</source>
        <translation>&amp;Seed-Tools:</translation>
    </message>
    <message>
        <source>Seed tools directory</source>
        <translation>Seed-Tool-Verzeichnis</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Plan Again</source>
        <translation>Neu &amp;planen</translation>
    </message>
    <message>
        <source>&amp;Apply Sync</source>
        <translation>Sync &amp;anwenden</translation>
    </message>
    <message>
        <source>Sync plan</source>
        <translation>Sync-Plan</translation>
    </message>
    <message>
        <source>Apply Seed Sync</source>
        <translation>Seed-Sync anwenden</translation>
    </message>
    <message>
        <source>Seed Tools Directory</source>
        <translation>Seed-Tool-Verzeichnis</translation>
    </message>
    <message>
        <source>Sync applied: %1 installed, %2 updated.</source>
        <translation>Sync angewendet: %1 installiert, %2 aktualisiert.</translation>
    </message>
    <message numerus="yes">
        <source>%n failed and kept their old version: </source>
        <translation>
            <numerusform>%n fehlgeschlagen, alte Version behalten: </numerusform>
            <numerusform>%n fehlgeschlagen, alte Versionen behalten: </numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the seed tools directory (the platform&apos;s seed/tools).</source>
        <translation>Wählen Sie das Seed-Tool-Verzeichnis (seed/tools der Plattform).</translation>
    </message>
    <message>
        <source>%1 is not a directory.</source>
        <translation>%1 ist kein Verzeichnis.</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>Wird geplant…</translation>
    </message>
    <message>
        <source>%1 to install</source>
        <translation>%1 zu installieren</translation>
    </message>
    <message>
        <source>%1 to update</source>
        <translation>%1 zu aktualisieren</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>%1 unverändert</translation>
    </message>
    <message>
        <source>%1 kept (installed is newer)</source>
        <translation>%1 behalten (installiert ist neuer)</translation>
    </message>
    <message>
        <source>The seed directory holds no tools.</source>
        <translation>Das Seed-Verzeichnis enthält keine Tools.</translation>
    </message>
    <message>
        <source>Select a tool to compare the installed version with its seed.</source>
        <translation>Wählen Sie ein Tool, um die installierte Version mit ihrem Seed zu vergleichen.</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>Installed — %1 is not installed</source>
        <translation>Installiert — %1 ist nicht installiert</translation>
    </message>
    <message>
        <source>Installed — %1 (%2)</source>
        <translation>Installiert — %1 (%2)</translation>
    </message>
    <message>
        <source>Installed — no %1</source>
        <translation>Installiert — kein %1</translation>
    </message>
    <message>
        <source>Seed — %1 (%2)</source>
        <translation>Seed — %1 (%2)</translation>
    </message>
    <message>
        <source>Seed — no %1</source>
        <translation>Seed — kein %1</translation>
    </message>
    <message>
        <source>%1 holds no files, installed or in the seed.</source>
        <translation>%1 enthält keine Dateien, weder installiert noch im Seed.</translation>
    </message>
    <message>
        <source>Install %1 and update %2 of the seed&apos;s tools in %3/tools? Updated directories are replaced whole.</source>
        <translation>Von den Seed-Tools %1 installieren und %2 aktualisieren, in %3/tools? Aktualisierte Verzeichnisse werden vollständig ersetzt.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n tools changed in the seed without a version bump: the sync will skip them.&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n Tool wurde im Seed ohne Versionserhöhung geändert: Der Sync überspringt es.&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;%n Tools wurden im Seed ohne Versionserhöhung geändert: Der Sync überspringt sie.&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1 is the seed root: its tools folder is used.</source>
        <translation>%1 ist die Wurzel des Seeds: sein Ordner tools wird verwendet.</translation>
    </message>
    <message>
        <source>Skipped, as they hold no TOOL.md: %1.</source>
        <translation>Übersprungen, da ohne TOOL.md: %1.</translation>
    </message>
    <message>
        <source>%1 is neither the seed&apos;s tools folder (no subfolder holds a TOOL.md) nor the seed root (it has no tools folder): choose the platform&apos;s seed or seed/tools.</source>
        <translation>%1 ist weder der Ordner tools des Seeds (kein Unterordner enthält eine TOOL.md) noch die Wurzel des Seeds (er hat keinen Ordner tools): den Seed der Plattform oder seed/tools wählen.</translation>
    </message>
    <message>
        <source>The seed&apos;s folder on the server (the platform&apos;s seed or seed/tools)</source>
        <translation>Der Seed-Ordner auf dem Server (seed oder seed/tools der Plattform)</translation>
    </message>
    <message>
        <source>A path on %1</source>
        <translation>Ein Pfad auf %1</translation>
    </message>
    <message>
        <source>Not connected: the plan is made when the connection is back.</source>
        <translation>Nicht verbunden: Der Plan wird erstellt, sobald die Verbindung wieder steht.</translation>
    </message>
    <message>
        <source>Planning on %1…</source>
        <translation>Plane auf %1…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not connected: nothing was applied.</source>
        <translation>Nicht verbunden: Es wurde nichts angewendet.</translation>
    </message>
    <message>
        <source>The sync on the server did not answer: %1. Each tool is either its old or its new version; the plan shows which.</source>
        <translation>Der Abgleich auf dem Server hat nicht geantwortet: %1. Jedes Tool ist entweder in seiner alten oder in seiner neuen Version; der Plan zeigt, welche.</translation>
    </message>
    <message>
        <source>Not connected: the comparison is read from the server.</source>
        <translation>Nicht verbunden: Der Vergleich wird vom Server gelesen.</translation>
    </message>
    <message>
        <source>Reading %1 from the server…</source>
        <translation>Lese %1 vom Server…</translation>
    </message>
    <message>
        <source>Could not compare %1: %2</source>
        <translation>%1 konnte nicht verglichen werden: %2</translation>
    </message>
    <message>
        <source>not sent by the server</source>
        <translation>vom Server nicht gesendet</translation>
    </message>
</context>
<context>
    <name>tw::ui::ToolDetailPane</name>
    <message>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Sensitive</source>
        <translation>Vertraulich</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standardwert</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Files of the tool</source>
        <translation>Dateien des Tools</translation>
    </message>
    <message>
        <source>File contents</source>
        <translation>Dateiinhalt</translation>
    </message>
    <message>
        <source>Diagnostics of the tool</source>
        <translation>Diagnosen des Tools</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>&amp;Dokumentation</translation>
    </message>
    <message>
        <source>&amp;Inputs</source>
        <translation>&amp;Eingaben</translation>
    </message>
    <message>
        <source>&amp;Files</source>
        <translation>Da&amp;teien</translation>
    </message>
    <message>
        <source>Dia&amp;gnostics</source>
        <translation>Dia&amp;gnosen</translation>
    </message>
    <message>
        <source>Select a tool to see its documentation, inputs, files and problems.</source>
        <translation>Wählen Sie ein Tool, um Dokumentation, Eingaben, Dateien und Probleme zu sehen.</translation>
    </message>
    <message>
        <source>No tool selected</source>
        <translation>Kein Tool ausgewählt</translation>
    </message>
    <message>
        <source>global tool</source>
        <translation>globales Tool</translation>
    </message>
    <message>
        <source>user tool of %1</source>
        <translation>Benutzer-Tool von %1</translation>
    </message>
    <message>
        <source>%1 · version %2 · %3 · %4 · %5</source>
        <translation>%1 · Version %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation>keine (0)</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>optional</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>sensitive</source>
        <translation>vertraulich</translation>
    </message>
    <message>
        <source>not loaded · %1</source>
        <translation>nicht geladen · %1</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>übersprungen: %1</translation>
    </message>
    <message>
        <source>The platform&apos;s tool-loader skips this directory, so the agent never sees it:</source>
        <translation>Der Tool-Loader der Plattform überspringt dieses Verzeichnis, daher sieht der Agent es nie:</translation>
    </message>
    <message>
        <source>Dia&amp;gnostics (%1)</source>
        <translation>Dia&amp;gnosen (%1)</translation>
    </message>
    <message>
        <source>(cannot read %1)</source>
        <translation>(%1 kann nicht gelesen werden)</translation>
    </message>
    <message>
        <source>(%1 is %2 bytes; too large to show)</source>
        <translation>(%1 hat %2 Bytes; zu groß zum Anzeigen)</translation>
    </message>
    <message>
        <source>&amp;Agent</source>
        <translation>&amp;Agent</translation>
    </message>
    <message>
        <source>(reading %1…)</source>
        <translation>(lese %1…)</translation>
    </message>
    <message>
        <source>(cannot read %1: %2)</source>
        <translation>(%1 kann nicht gelesen werden: %2)</translation>
    </message>
    <message>
        <source>*Reading the documentation…*</source>
        <translation>*Die Dokumentation wird gelesen…*</translation>
    </message>
    <message>
        <source>Reading the inputs…</source>
        <translation>Die Eingaben werden gelesen…</translation>
    </message>
</context>
<context>
    <name>tw::ui::ToolDiffPane</name>
    <message>
        <source>(cannot read %1: %2)</source>
        <translation>(%1 kann nicht gelesen werden: %2)</translation>
    </message>
    <message>
        <source>(file too large to compare: %1 bytes)</source>
        <translation>(Datei zu groß zum Vergleichen: %1 Bytes)</translation>
    </message>
    <message numerus="yes">
        <source>(binary file, %n bytes)</source>
        <translation>
            <numerusform>(Binärdatei, %n Byte)</numerusform>
            <numerusform>(Binärdatei, %n Bytes)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (added)</source>
        <translation>%1 (hinzugefügt)</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <translation>%1 (entfernt)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n changed)</source>
        <translation>
            <numerusform>%1 (%n geändert)</numerusform>
            <numerusform>%1 (%n geändert)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (identical)</source>
        <translation>%1 (identisch)</translation>
    </message>
</context>
<context>
    <name>tw::ui::ToolEditor</name>
    <message>
        <source>&lt;b&gt;Global tool, read-only.&lt;/b&gt; Users cannot change global tools on the platform; customise it to edit your own copy (it overrides the global one).</source>
        <translation>&lt;b&gt;Globales Tool, schreibgeschützt.&lt;/b&gt; Benutzer können globale Tools auf der Plattform nicht ändern; passen Sie es an, um Ihre eigene Kopie zu bearbeiten (sie überschreibt das globale).</translation>
    </message>
    <message>
        <source>&amp;Customize</source>
        <translation>&amp;Anpassen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>&amp;Bump</source>
        <translation>&amp;Erhöhen</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>&amp;Bezeichnung:</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>&amp;Beschreibung:</translation>
    </message>
    <message>
        <source>&amp;Version:</source>
        <translation>&amp;Version:</translation>
    </message>
    <message>
        <source>Lan&amp;guage:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>Optional</translation>
    </message>
    <message>
        <source>Sensitive</source>
        <translation>Vertraulich</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standardwert</translation>
    </message>
    <message>
        <source>&amp;Add Input</source>
        <translation>Eingabe &amp;hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move Do&amp;wn</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation>Eingaben:</translation>
    </message>
    <message>
        <source>Problems in this tool</source>
        <translation>Probleme in diesem Tool</translation>
    </message>
    <message>
        <source>Frontmatter YAML</source>
        <translation>Frontmatter-YAML</translation>
    </message>
    <message>
        <source>Markdown body</source>
        <translation>Markdown-Inhalt</translation>
    </message>
    <message>
        <source>Rendered preview</source>
        <translation>Gerenderte Vorschau</translation>
    </message>
    <message>
        <source>Entry file</source>
        <translation>Einstiegsdatei</translation>
    </message>
    <message>
        <source>&amp;YAML</source>
        <translation>&amp;YAML</translation>
    </message>
    <message>
        <source>Bod&amp;y</source>
        <translation>&amp;Inhalt</translation>
    </message>
    <message>
        <source>Type of %1</source>
        <translation>Typ von %1</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>(no default)</source>
        <translation>(kein Standardwert)</translation>
    </message>
    <message>
        <source>no default</source>
        <translation>kein Standardwert</translation>
    </message>
    <message>
        <source>Line %1: %2 — fix it to save.</source>
        <translation>Zeile %1: %2 — zum Speichern beheben.</translation>
    </message>
    <message>
        <source>Valid YAML.</source>
        <translation>Gültiges YAML.</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>gespeichert</translation>
    </message>
    <message>
        <source>YAML error: saving blocked</source>
        <translation>YAML-Fehler: Speichern blockiert</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>The YAML has an error; fix it first.
%1</source>
        <translation>Das YAML enthält einen Fehler; beheben Sie ihn zuerst.
%1</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Version Not Bumped</source>
        <translation>Version nicht erhöht</translation>
    </message>
    <message>
        <source>%1

The platform&apos;s seed sync only delivers a changed tool when its version rises.</source>
        <translation>%1

Der Seed-Sync der Plattform liefert ein geändertes Tool nur aus, wenn seine Version steigt.</translation>
    </message>
    <message>
        <source>Bump to %1 and Save</source>
        <translation>Auf %1 erhöhen und speichern</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Changed on Disk</source>
        <translation>Auf der Festplatte geändert</translation>
    </message>
    <message>
        <source>%1 changed on disk since it was opened.</source>
        <translation>%1 wurde seit dem Öffnen auf der Festplatte geändert.</translation>
    </message>
    <message>
        <source>Reload from Disk</source>
        <translation>Von der Festplatte neu laden</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Save Failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>
The files on disk are unchanged.</source>
        <translation>
Die Dateien auf der Festplatte sind unverändert.</translation>
    </message>
    <message>
        <source>Cannot Reload</source>
        <translation>Neu laden nicht möglich</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has unsaved changes.</source>
        <translation>%1 hat ungespeicherte Änderungen.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Raise the version to one above the version on disk (every save that changes the tool needs its own bump, or seed sync would not deliver it)</source>
        <translation>Die Version auf eins über der Version auf der Festplatte erhöhen (jedes Speichern, das das Tool ändert, braucht eine eigene Erhöhung, sonst liefert der Seed-Sync es nicht aus)</translation>
    </message>
    <message>
        <source>The version on disk is %1: saving this change needs version %2 or higher (Bump, or Save and choose &quot;Bump to %2 and Save&quot;).</source>
        <translation>Auf der Festplatte steht Version %1: Speichern dieser Änderung braucht Version %2 oder höher (Erhöhen, oder Speichern und „Auf %2 erhöhen und speichern“ wählen).</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>on disk: v%1</source>
        <translation>auf der Festplatte: v%1</translation>
    </message>
    <message>
        <source>saves as v%1</source>
        <translation>speichert als v%1</translation>
    </message>
    <message>
        <source>next save needs v%1</source>
        <translation>nächstes Speichern braucht v%1</translation>
    </message>
    <message>
        <source>%1 has unsaved changes that cannot be saved until the YAML error is fixed:
%2</source>
        <translation>%1 hat ungespeicherte Änderungen, die erst nach Behebung des YAML-Fehlers gespeichert werden können:
%2</translation>
    </message>
    <message>
        <source>on the server: v%1</source>
        <translation>auf dem Server: v%1</translation>
    </message>
    <message>
        <source>saving on the server…</source>
        <translation>speichere auf dem Server…</translation>
    </message>
    <message>
        <source>Changed on the Server</source>
        <translation>Auf dem Server geändert</translation>
    </message>
    <message>
        <source>Reload from Server</source>
        <translation>Vom Server neu laden</translation>
    </message>
    <message>
        <source>
Whether the server wrote it is unknown; saving again after the reconnect checks.</source>
        <translation>
Ob der Server sie geschrieben hat, ist unbekannt; erneutes Speichern nach dem Wiederverbinden prüft es.</translation>
    </message>
    <message>
        <source>
The files on the server are unchanged.</source>
        <translation>
Die Dateien auf dem Server sind unverändert.</translation>
    </message>
    <message>
        <source>On disk</source>
        <translation>Auf der Festplatte</translation>
    </message>
    <message>
        <source>%1

Reload the server&apos;s version (your changes are dropped), compare it with yours, or overwrite it with yours?</source>
        <translation>%1

Die Version des Servers neu laden (Ihre Änderungen werden verworfen), sie mit Ihrer vergleichen oder sie mit Ihrer überschreiben?</translation>
    </message>
    <message>
        <source>Cannot Compare</source>
        <translation>Vergleich nicht möglich</translation>
    </message>
    <message>
        <source>On the server</source>
        <translation>Auf dem Server</translation>
    </message>
    <message>
        <source>Right-click (or Ctrl+. on its line) for a quick fix</source>
        <translation>Rechtsklick (oder Strg+. in seiner Zeile) für eine Schnellkorrektur</translation>
    </message>
    <message>
        <source>Quick Fix</source>
        <translation>Schnellkorrektur</translation>
    </message>
    <message>
        <source>No quick fix here</source>
        <translation>Hier gibt es keine Schnellkorrektur</translation>
    </message>
</context>
</TS>
