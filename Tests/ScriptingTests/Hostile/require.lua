-- Hostile: loads a module (which could be C code). There is no require, and no
-- package library, in the sandbox.

function is_won()
  local socket = require("socket")
  return socket ~= nil
end
