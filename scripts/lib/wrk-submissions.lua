-- wrk's script for the form submissions figure (scripts/lib/bench-forms.mjs): every request posts the sign-up form
-- with an e-mail and an idempotency key of its own, and each thread counts the answers that accepted the entry (201),
-- so the bench can hold them against the rows in the database. Arguments (after wrk's `--`): the form's path, the widget id, a label that
-- keeps the e-mails of one run apart from another's.

local threads = {}

function setup(thread)
  thread:set("thread", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  path, widget, label = args[1], args[2], args[3]
  sent, accepted = 0, 0
end

function request()
  sent = sent + 1
  local who = thread .. "-" .. sent
  -- The form's fields travel as JSON text inside the JSON body, as the public page's form sends them.
  local fields = '[{\\"uid\\":\\"field-participe-nome\\",\\"value\\":\\"Visitante ' .. who .. '\\"},'
    .. '{\\"uid\\":\\"field-participe-email\\",\\"value\\":\\"visitante-' .. label .. '-' .. who .. '@example.org\\"},'
    .. '{\\"uid\\":\\"field-participe-whatsapp\\",\\"value\\":\\"\\"},'
    .. '{\\"uid\\":\\"field-participe-ajuda\\",\\"value\\":\\"Ir à assembleia\\"}]'
  local body = '{"form_entry":{"widget_id":' .. widget .. ',"fields":"' .. fields .. '"}}'
  -- And an Idempotency-Key of its own, as every widget sends (issue 35): the key's reservation and stored answer are
  -- part of what is measured.
  local headers = {
    ["Content-Type"] = "application/json",
    ["Accept-Language"] = "pt-BR",
    ["Idempotency-Key"] = label .. "-" .. who,
  }
  return wrk.format("POST", path, headers, body)
end

function response(status)
  if status == 201 then accepted = accepted + 1 end
end

-- Requests still in flight when wrk stops are abandoned, not awaited: the server still answers and stores them, so
-- the bench holds the rows against the accepted answers plus those (sent, less every answer wrk read).
function done(summary)
  local total, sent = 0, 0
  for _, t in ipairs(threads) do
    total = total + t:get("accepted")
    sent = sent + t:get("sent")
  end
  io.write("Accepted: " .. total .. "\nIn flight: " .. (sent - summary.requests) .. "\n")
end
