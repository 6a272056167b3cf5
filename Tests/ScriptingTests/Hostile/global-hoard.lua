-- Hostile: a memory bomb that keeps what it built in a global, so that after
-- the failure the script still holds nearly all of its memory and every later
-- call would fail. The sandbox starts such a script afresh.

hoard = {}

function is_won()
  while true do
    hoard[#hoard + 1] = string.rep("x", 4096) .. #hoard
  end
end
