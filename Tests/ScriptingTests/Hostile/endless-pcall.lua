-- Hostile: an endless loop that catches its own errors with pcall, in a loop,
-- hoping to outlive the budget. Once the budget is spent every instruction
-- fails, the loop that catches included.

local function spin()
  while true do
  end
end

function is_won()
  while true do
    pcall(spin)
  end
end

-- Catches the budget's error and returns as if nothing happened: the call
-- fails all the same.
function moves_left()
  return pcall(spin)
end

-- xpcall with a handler that loops too.
function hint()
  while true do
    xpcall(spin, spin)
  end
end
