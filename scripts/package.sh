#!/usr/bin/env bash
# A release anyone can run (docs/install.md): builds scenec with the Swift runtime, Foundation and Dispatch linked
# in (`--static-swift-stdlib`), then lays out
#
#   bin/scenec                  the binary
#   share/scenec/Web/           the web player the preview inlines (scenec finds it at ../share/scenec/Web)
#   share/man/man1/scenec.1.gz  generated from `scenec help`
#   share/doc/scenec/copyright
#
# as dist/scenec-VERSION-linux-ARCH.tar.gz, and the same tree under /usr as the Debian package
# dist/scenec_VERSION-1_DEBARCH.deb, which lintian then checks (an error fails the script). The tarball's binary
# also carries libyaml (libyaml-dev's libyaml.a), so it needs only libc, libm, libstdc++ and libgcc_s; the
# package's links Debian's libyaml-0-2 and depends on it, as Debian policy asks (lintian's embedded-library
# error), so that libyaml's security updates reach it.
#
#   scripts/package.sh [OUT_DIR]        (default: dist; prints the paths of the two archives)
#
# The version is the binary's own (`scenec --version`, SceneCLI.version). The build has its own scratch folder
# (.build/package), so it neither rebuilds nor disturbs the ordinary .build/release; run again, it is incremental
# (the two links are redone). SOURCE_DATE_EPOCH (default: the last commit's time) dates the changelog and every
# file in the archives, so the same binaries pack into byte-identical archives.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/requirements.sh
ensure_debian_packages libyaml-dev pkg-config gcc binutils dpkg-dev lintian

out="${1:-dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
scratch="$root/.build/package"
stage="$scratch/stage"
maintainer="scenec maintainers <maintainers@users.noreply.a-seed-7f21b454.example>"
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH="$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)"
fi
export SOURCE_DATE_EPOCH
rm -rf "$stage"
mkdir -p "$stage"

# build_scenec static|shared DEST — links scenec with libyaml static or shared, strips it into DEST. SwiftPM links
# what pkg-config's yaml-0.1 says (-L<libdir> -lyaml), and the linker prefers libyaml.so in that folder; for the
# static link a yaml-0.1.pc of our own, first on PKG_CONFIG_PATH, points -L at a folder holding only libyaml.a.
static_libs="$scratch/static-libs"
yaml_archive="$(pkg-config --variable=libdir yaml-0.1)/libyaml.a"
build_scenec() {
  local libyaml="$1" dest="$2" search="${PKG_CONFIG_PATH:-}"
  if [ "$libyaml" = static ]; then
    mkdir -p "$static_libs"
    ln -sf "$yaml_archive" "$static_libs/libyaml.a"
    printf 'Name: LibYAML\nDescription: libyaml.a\nVersion: %s\nCflags: %s\nLibs: -L%s -lyaml\n' \
      "$(pkg-config --modversion yaml-0.1)" "$(pkg-config --cflags yaml-0.1)" "$static_libs" \
      >"$static_libs/yaml-0.1.pc"
    search="$static_libs${search:+:$search}"
  fi
  # -z now: the dynamic relocations resolved at start, then read-only (lintian's hardening-no-bindnow).
  PKG_CONFIG_PATH="$search" swift build -c release --static-swift-stdlib --product scenec --scratch-path "$scratch" \
    -Xlinker -z -Xlinker now >&2
  install -D -m 0755 "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/scenec" "$dest"
  strip --remove-section=.comment --remove-section=.note "$dest"
}

tarball_libyaml=shared
if [ -f "$yaml_archive" ]; then tarball_libyaml=static; else
  echo "package: $yaml_archive is missing; the tarball's scenec needs libyaml's shared library too" >&2
fi
build_scenec "$tarball_libyaml" "$stage/tarball-scenec"
build_scenec shared "$stage/deb-scenec"
version="$("$stage/tarball-scenec" --version | sed -n 's/^scenec \([^ ]*\).*/\1/p')"
[ -n "$version" ] || { echo "package: 'scenec --version' printed no version" >&2; exit 1; }
arch="$(uname -m)"
deb_arch="$(dpkg --print-architecture)"

# manual_page BINARY — scenec(1) in roff: the overview of `scenec help`, then each command's help, verbatim.
manual_page() {
  local binary="$1" overview command
  overview="$("$binary" help)"
  roff_text() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }
  echo ".TH SCENEC 1 \"\" \"scenec $version\" \"User Commands\""
  echo ".SH NAME"
  echo "scenec \\- $(echo "$overview" | head -1 | sed 's/^[^—]*— //' | roff_text)"
  echo ".SH SYNOPSIS"
  echo ".B scenec"
  echo ".I command"
  echo "[options]"
  echo ".SH DESCRIPTION"
  echo ".nf"
  echo "$overview" | tail -n +3 | roff_text
  echo ".fi"
  echo ".SH COMMANDS"
  for command in $(echo "$overview" | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
    echo ".SS $command"
    echo ".nf"
    "$binary" help "$command" | roff_text
    echo ".fi"
  done
  echo ".SH SEE ALSO"
  echo "Grammar.md and docs/ in the scenec sources."
}

# lay_out BINARY LIBYAML TREE — the release's tree (bin/, share/) with BINARY, whose libyaml is LIBYAML.
lay_out() {
  local binary="$1" libyaml="$2" tree="$3"
  mkdir -p "$tree/bin" "$tree/share/scenec/Web" "$tree/share/man/man1" "$tree/share/doc/scenec"
  install -m 0755 "$binary" "$tree/bin/scenec"
  install -m 0644 Web/* "$tree/share/scenec/Web/"
  manual_page "$tree/bin/scenec" | gzip -9n >"$tree/share/man/man1/scenec.1.gz"
  {
    echo "scenec $version"
    echo
    echo "Copyright $(date -u -d "@$SOURCE_DATE_EPOCH" +%Y) the scenec maintainers."
    echo "The scenec sources declare no license yet."
    echo
    echo "bin/scenec links in the Swift standard library, Foundation (with ICU's data) and Dispatch of the Swift"
    echo "toolchain that built it: Apache License 2.0 with the Runtime Library Exception"
    echo "(https://swift.org/LICENSE.txt; on Debian, /usr/share/common-licenses/Apache-2.0); ICU is under the"
    echo "Unicode License (https://github.com/unicode-org/icu/blob/main/LICENSE)."
    if [ "$libyaml" = static ]; then
      echo
      echo "bin/scenec links in libyaml $(pkg-config --modversion yaml-0.1); its notice (Debian's libyaml-0-2):"
      echo
      cat /usr/share/doc/libyaml-0-2/copyright
    fi
  } >"$tree/share/doc/scenec/copyright"
}

# The tarball: sorted, owned by root, dated SOURCE_DATE_EPOCH, gzip without a timestamp.
lay_out "$stage/tarball-scenec" "$tarball_libyaml" "$stage/tar/scenec-$version"
tarball="$out/scenec-$version-linux-$arch.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$stage/tar" \
  -cf - "scenec-$version" | gzip -9n >"$tarball"

# The Debian package: the tree under /usr, plus what Debian policy asks of a package.
deb_root="$stage/deb"
lay_out "$stage/deb-scenec" shared "$deb_root/usr"
printf 'scenec (%s-1) unstable; urgency=medium\n\n  * Release %s, built by scripts/package.sh.\n\n -- %s  %s\n' \
  "$version" "$version" "$maintainer" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" |
  gzip -9n >"$deb_root/usr/share/doc/scenec/changelog.Debian.gz"
mkdir -p "$deb_root/usr/share/lintian/overrides" "$deb_root/DEBIAN"
{
  echo "# Not an upload to Debian's archive: no bug to close."
  echo "scenec: initial-upload-closes-no-bugs"
  echo "# The preview's page template, which scenec reads at run time, not documentation."
  echo "scenec: package-contains-documentation-outside-usr-share-doc [usr/share/scenec/Web/preview.html]"
} >"$deb_root/usr/share/lintian/overrides/scenec"
# dpkg-shlibdeps needs a debian/control to exist; it reads only the binary's NEEDED libraries.
mkdir -p "$stage/shlibs/debian"
printf 'Source: scenec\n\nPackage: scenec\nArchitecture: any\n' >"$stage/shlibs/debian/control"
depends="$(cd "$stage/shlibs" && dpkg-shlibdeps -O "$deb_root/usr/bin/scenec" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')"
cat >"$deb_root/DEBIAN/control" <<EOF
Package: scenec
Version: $version-1
Architecture: $deb_arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$deb_root/usr" | cut -f1)
Depends: $depends
Suggests: librsvg2-bin, ffmpeg
Section: graphics
Priority: optional
Description: checker and compiler of YAML layer-animation specs
 scenec reads hand-written YAML descriptions of layer animations (layers,
 bezier paths, animations with Core Animation's semantics), reports every
 mistake at file:line:column in text, JSON, SARIF or GitHub annotations, and
 compiles a spec to an evaluation plan that a small runtime samples at any
 time. It exports SVG frames, filmstrips, Lottie JSON and video, and previews
 a scene in the browser with live reload.
 .
 PNG and video exports run rsvg-convert (librsvg2-bin) and ffmpeg.
EOF
(cd "$deb_root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$deb_root/DEBIAN/md5sums"
find "$deb_root" -type d -exec chmod 0755 {} +
chmod 0644 "$deb_root/DEBIAN/md5sums"
find "$deb_root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb="$out/scenec_${version}-1_${deb_arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb_root" "$deb" >&2

echo "package: lintian $deb" >&2
lintian --fail-on error "$deb" >&2
echo "$tarball"
echo "$deb"
