#!/bin/sh
# Install Safir Campaign for this user (no root): unpack next to this script, then run
#   ./install.sh            install or update into ~/.local
#   ./install.sh --remove   take it away again (campaign data in ~/.local/share/safir-campaign stays)
#   ./install.sh --purge    take it away with its campaign data (journal, logs, settings)
# Installing adds no login entry: the window asks at its first start whether to send
# interrupted campaigns again at login (or: safir-campaign autostart on); --remove takes it away.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-"$HOME/.local"}
app_id=ir.safir.campaign
target="$prefix/opt/safir-campaign"
autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart/$app_id-resume.desktop"

refresh_caches() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$prefix/share/applications" || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true
}

if [ "${1:-}" = "--remove" ] || [ "${1:-}" = "--purge" ]; then
  rm -rf "$target" "$prefix/bin/safir-campaign" "$prefix/share/applications/$app_id.desktop" \
         "$prefix/share/metainfo/$app_id.metainfo.xml" "$autostart"
  for size in 16 24 32 48 64 128 256 512; do
    rm -f "$prefix/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
  done
  rm -f "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg"
  refresh_caches
  data="${XDG_DATA_HOME:-$HOME/.local/share}/safir-campaign"
  if [ "$1" = "--purge" ]; then
    rm -rf "$data"
    echo "Safir Campaign removed from $prefix, with its campaign data ($data)."
  else
    echo "Safir Campaign removed from $prefix. Its campaign data stays in $data (./install.sh --purge removes it too)."
  fi
  exit 0
fi

[ -x "$here/safir-campaign/safir-campaign" ] || { echo "error: run install.sh from the unpacked folder" >&2; exit 2; }
mkdir -p "$prefix/opt" "$prefix/bin" "$prefix/share/applications" "$prefix/share/metainfo"
rm -rf "$target"
cp -R "$here/safir-campaign" "$target"
ln -sf "$target/safir-campaign" "$prefix/bin/safir-campaign"
sed "s|^Exec=safir-campaign|Exec=$target/safir-campaign|; s|^TryExec=safir-campaign|TryExec=$target/safir-campaign|" \
  "$here/$app_id.desktop" > "$prefix/share/applications/$app_id.desktop"
cp "$here/$app_id.metainfo.xml" "$prefix/share/metainfo/"
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "$prefix/share/icons/hicolor/${size}x${size}/apps"
  cp "$here/icons/safir-campaign-$size.png" "$prefix/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
mkdir -p "$prefix/share/icons/hicolor/scalable/apps"
cp "$here/icons/safir-campaign.svg" "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg"
refresh_caches
echo "Safir Campaign installed in $target; find it in the applications menu, or run: safir-campaign"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "(add $prefix/bin to PATH to run it from a terminal)";; esac
