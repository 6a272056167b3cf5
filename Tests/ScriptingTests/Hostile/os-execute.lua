-- Hostile: runs a shell command. There is no os library in the sandbox.

function is_won()
  os.execute("touch /tmp/cardtable-hostile-was-here")
  return true
end
