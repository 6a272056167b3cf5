-- Hostile: an endless loop in the main chunk, which runs when the table is
-- laid out. The script does not start; the layout's declarative rules play on
-- alone, and the table says why once.

function is_won()
  return true
end

while true do
end
