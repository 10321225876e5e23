#include "window/connectionstatus.h"

#include "remote/remotesession.h"
#include "tones.h"
#include "widgets/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace tw::ui {

using engine::RemoteSession;

ConnectionStatus::ConnectionStatus(RemoteSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("connectionStatus"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("connectionLabel"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reconnect = new QPushButton(tr("&Reconnect"), this);
    m_reconnect->setObjectName(QStringLiteral("reconnectButton"));
    m_reconnect->setToolTip(tr("Connect to the server again now"));
    layout->addWidget(m_label);
    layout->addWidget(m_reconnect);
    connect(m_reconnect, &QPushButton::clicked, m_session, &RemoteSession::reconnect);
    connect(m_session, &RemoteSession::stateChanged, this, &ConnectionStatus::update);
    connect(m_session, &RemoteSession::roundTripMeasured, this, &ConnectionStatus::update);
    m_countdown.setInterval(1000);
    connect(&m_countdown, &QTimer::timeout, this, &ConnectionStatus::update);
    update();
}

QString ConnectionStatus::summary() const { return m_summary; }

void ConnectionStatus::update()
{
    const QString host = m_session->target().displayHost();
    QString state;
    model::Tone tone = model::Tone::Muted;
    switch (m_session->state()) {
    case RemoteSession::State::Connecting:
        state = m_session->attempts() > 0 ? tr("reconnecting…") : tr("connecting…");
        tone = model::Tone::Info;
        break;
    case RemoteSession::State::Connected:
        state = m_session->roundTripMs() >= 0 ? tr("connected, %1 ms").arg(m_session->roundTripMs()) : tr("connected");
        tone = model::Tone::Success;
        break;
    case RemoteSession::State::Waiting:
        state = tr("connection lost, retrying in %n s", nullptr, m_session->secondsUntilRetry());
        tone = model::Tone::Warning;
        break;
    case RemoteSession::State::Disconnected:
        state = tr("disconnected");
        tone = model::Tone::Error;
        break;
    }
    m_session->state() == RemoteSession::State::Waiting ? m_countdown.start() : m_countdown.stop();
    m_label->setText(tr("%1: %2").arg(host, state));
    m_label->setToolTip(m_session->lastError());
    setTone(m_label, tone);
    m_reconnect->setVisible(m_session->state() != RemoteSession::State::Connected);
    m_reconnect->setEnabled(m_session->state() != RemoteSession::State::Connecting);
    if (state != m_summary) {
        m_summary = state;
        Q_EMIT summaryChanged(state);
    }
}

} // namespace tw::ui
