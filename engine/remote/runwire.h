#pragma once
// A run's events and outcome as the remote protocol carries them (`run.event`, `run.finished`
// notifications): every field of RunEvent and RunOutcome, so the desktop presents a run on a
// server exactly as one of its own. Events cross the wire already masked by the server's
// session.

#include "run/runeventparser.h"
#include "run/runsession.h"
#include "run/runsettings.h"

#include <QJsonObject>

#include <optional>

namespace tw::engine {

QJsonObject runEventToJson(const RunEvent &event);
// nullopt when `json` is not an event of this shape (a hostile or broken server).
std::optional<RunEvent> runEventFromJson(const QJsonObject &json);

QJsonObject runOutcomeToJson(const RunOutcome &outcome);
std::optional<RunOutcome> runOutcomeFromJson(const QJsonObject &json);

std::optional<RunState> runStateFromName(const QString &name);

// A user's integration settings (no secret: the tokens travel beside them, by keychain key).
QJsonObject integrationsToJson(const Integrations &integrations);
Integrations integrationsFromJson(const QJsonObject &json);

} // namespace tw::engine
