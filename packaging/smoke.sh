#!/usr/bin/env bash
# Build the bundle from a clean clone, then use it as a user would: outside any virtualenv,
# away from the source tree, with a clean environment. Prints the build's time and size.
#   bash packaging/smoke.sh          (Linux; needs git, python3 -m venv, network to PyPI)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== clean clone and build environment in $work"
git clone -q "$repo" "$work/src"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$work/src[packaging]" 2>&1 | grep -v -i "warning" || true
started=$(date +%s)
(cd "$work/src" && "$work/venv/bin/python" packaging/build.py --dist "$work/dist")
echo "== build took $(( $(date +%s) - started )) s"

echo "== unpack and run away from the source tree, no virtualenv"
mkdir -p "$work/user/home" "$work/user/unpacked"
tar -xzf "$work/dist/"safir-campaign-*-linux-*.tar.gz -C "$work/user/unpacked"
unpacked=$(echo "$work/user/unpacked"/safir-campaign-*)
app="$unpacked/safir-campaign/safir-campaign"
sample="$unpacked/safir-campaign/_internal/resources/samples/contacts.csv"
clean_env=(env -i HOME="$work/user/home" PATH=/usr/bin:/bin LANG=C.UTF-8 SAFIR_CAMPAIGN_HOME="$work/user/state")
cd "$work/user"
"${clean_env[@]}" "$app" --version
"${clean_env[@]}" "$app" check "$sample"
"${clean_env[@]}" QT_QPA_PLATFORM=offscreen "$app" --self-test

echo "== the same backend as the source install: a real Secret Service"
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  mkdir -p "$work/user/run" && chmod 700 "$work/user/run"
  out=$("${clean_env[@]}" XDG_RUNTIME_DIR="$work/user/run" QT_QPA_PLATFORM=offscreen dbus-run-session -- sh -c \
    "printf made-up | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null && '$app' --self-test" 2>/dev/null)
  echo "$out" | grep "keyring backend"
  echo "$out" | grep -q "keyring backend: keyring.backends.SecretService.Keyring"
else
  echo "(skipped: dbus-run-session or gnome-keyring-daemon not installed)"
fi

echo "== install for this user, then remove"
"${clean_env[@]}" "$unpacked/install.sh"
desktop="$work/user/home/.local/share/applications/ir.safir.campaign.desktop"
test -f "$desktop" && test -f "$work/user/home/.local/share/icons/hicolor/256x256/apps/ir.safir.campaign.png"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$desktop"; fi
"${clean_env[@]}" "$work/user/home/.local/bin/safir-campaign" --version
"${clean_env[@]}" "$unpacked/install.sh" --remove
test ! -e "$desktop"
echo "== smoke test passed: bundle $(du -sh "$work/dist/safir-campaign" | cut -f1), archive $(du -sh "$work/dist/"*.tar.gz | cut -f1)"
