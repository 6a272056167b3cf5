-- Hostile: an endless loop inside a coroutine. A coroutine inherits the count
-- hook of the thread that made it, and coroutine.wrap passes the error on.

function is_won()
  local spin = coroutine.wrap(function()
    while true do
    end
  end)
  spin()
end

-- The same through coroutine.resume, which catches the error: the next
-- instruction after it fails again.
function moves_left()
  local spin = coroutine.create(function()
    while true do
    end
  end)
  while true do
    coroutine.resume(spin)
  end
end
