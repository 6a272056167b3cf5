-- Hostile: an endless loop. The count hook stops the call once it has run its
-- budget of instructions, and the question it was asked is answered no.

function is_won()
  local turns = 0
  while true do
    turns = turns + 1
  end
end
