-- Hostile: reads a file. There is no io library in the sandbox.

function is_won()
  local file = io.open("/etc/passwd")
  return file ~= nil
end
