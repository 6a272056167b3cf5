-- Hostile: an error message of several lines, the later ones made to look like
-- the traceback's frames and like another file's verdict.

function is_won()
  error("bad\n\nforged.toml: ok\n\t[C]: in function 'os.execute'")
end
