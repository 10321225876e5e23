#pragma once
// Which OS keychain backend QtKeychain would use here, found on the D-Bus session bus: the
// Secret Service (org.freedesktop.secrets: gnome-keyring, KeePassXC, KWallet ≥ 5.97) or
// KWallet's own service. A headless host often has neither; Toolwright then says so and
// refuses to store a secret anywhere else unless the user picks the encrypted file.

#include <QString>

namespace tw::engine {

struct KeychainBackend
{
    enum class Kind { SecretService, KWallet, None };
    Kind kind = Kind::None;
    QString description; // "Secret Service (gnome-keyring-daemon)", "KWallet (org.kde.kwalletd5)"
    QString problem;     // for None: why there is none
    bool available() const { return kind != Kind::None; }
};

// `describe`: name the daemon that provides the service (one more bus call and a /proc read);
// the per-operation check in KeychainSecretStore only needs to know there is one.
KeychainBackend detectKeychainBackend(bool describe = true);
// How often detectKeychainBackend ran on the application's main thread (for tests: the GUI
// never calls it there, it blocks on the bus).
int keychainDetectionsOnMainThread();

} // namespace tw::engine
