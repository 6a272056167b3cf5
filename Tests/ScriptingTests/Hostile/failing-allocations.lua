-- Hostile: allocations that fail, caught by pcall, again and again. Lua
-- collects everything the script holds before it gives up on an allocation,
-- and what the allocator charged was looked at only at the count hook's next
-- step, a thousand instructions later (with 20 MB held, 9.8 s against the
-- 0.5 s limit). A refusal costs a look at all the script holds, and a call
-- whose allocations spend its budget stops at its next instruction.

function is_won()
  local hoard = {}
  for n = 1, 100000 do
    hoard[n] = { n, n }
  end
  while true do
    pcall(string.rep, "x", 1 << 24)
  end
end
