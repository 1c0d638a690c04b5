-- wrk's script for the visitor actions' figures (scripts/lib/bench-actions.mjs): every request posts one action with
-- an e-mail and an `Idempotency-Key` of its own (as every widget sends, issue 35: the key's reservation and stored
-- answer are part of what is measured), and each thread counts the answers that accepted the action (201), and for
-- a donation those whose body says it was paid, so the bench can hold them against the rows in the database.
-- Arguments (after wrk's `--`): the kind ('form', 'pressure' or 'donation'), the path, the widget id, and a label
-- that keeps the e-mails, keys and attempts of one run apart from another's.

local threads = {}

function setup(thread)
  thread:set("thread", #threads + 1)
  table.insert(threads, thread)
end

-- Each kind's body for the visitor `who` (unique within the run), as its widget sends it.
local bodies = {
  -- The form's fields travel as JSON text inside the JSON body, as the public page's form sends them.
  form = function(who)
    local fields = '[{\\"uid\\":\\"field-participe-nome\\",\\"value\\":\\"Visitante ' .. who .. '\\"},'
      .. '{\\"uid\\":\\"field-participe-email\\",\\"value\\":\\"visitante-' .. label .. '-' .. who .. '@example.org\\"},'
      .. '{\\"uid\\":\\"field-participe-whatsapp\\",\\"value\\":\\"\\"},'
      .. '{\\"uid\\":\\"field-participe-ajuda\\",\\"value\\":\\"Ir à assembleia\\"}]'
    return '{"form_entry":{"widget_id":' .. widget .. ',"fields":"' .. fields .. '"}}'
  end,
  pressure = function(who)
    return '{"fill":{"activist":{"firstname":"Visitante","lastname":"' .. who .. '",'
      .. '"email":"pressao-' .. label .. '-' .. who .. '@example.org"},'
      .. '"mail":{"subject":"Tarifa zero já","body":"Aprovem a tarifa zero aos domingos."}}}'
  end,
  -- R$ 50 by card: the sandbox's approving test card, tokenised as the browser would (no card data is sent), with a
  -- token and an attempt id of its own per donation.
  donation = function(who)
    local id = string.format("%06x%08x", thread, sent)
    return '{"donation":{"widget_id":' .. widget .. ',"payment_method":"credit_card","amount":5000,'
      .. '"card_hash":"sandbox_approve_visa_1111_' .. id .. '",'
      .. '"customer":{"name":"Visitante Bench","document_number":"52998224725",'
      .. '"email":"doacao-' .. label .. '-' .. who .. '@example.org","phone":{"ddd":"81","number":"988887777"},'
      .. '"address":{"zipcode":"50000000","street":"Rua da Aurora","street_number":"100",'
      .. '"neighborhood":"Boa Vista","city":"Recife","state":"PE"}},'
      .. '"subscription":false,"attempt":"' .. label .. '-' .. id .. '"}}'
  end,
}

function init(args)
  kind, path, widget, label = args[1], args[2], args[3], args[4]
  bodyOf = bodies[kind]
  sent, accepted, paid = 0, 0, 0
end

function request()
  sent = sent + 1
  local who = thread .. "-" .. sent
  local headers = {
    ["Content-Type"] = "application/json",
    ["Accept-Language"] = "pt-BR",
    ["Idempotency-Key"] = label .. "-" .. who,
  }
  return wrk.format("POST", path, headers, bodyOf(who))
end

function response(status, headers, answer)
  if status == 201 then
    accepted = accepted + 1
    if kind == "donation" and string.find(answer, '"status":"paid"', 1, true) then paid = paid + 1 end
  end
end

-- Requests still in flight when wrk stops are abandoned, not awaited: the server still answers and stores them, so
-- the bench holds the rows against the accepted answers plus those (sent, less every answer wrk read).
function done(summary)
  local total, paidTotal, sentTotal = 0, 0, 0
  for _, t in ipairs(threads) do
    total = total + t:get("accepted")
    paidTotal = paidTotal + t:get("paid")
    sentTotal = sentTotal + t:get("sent")
  end
  io.write("Accepted: " .. total .. "\nPaid: " .. paidTotal .. "\nIn flight: " .. (sentTotal - summary.requests) .. "\n")
end
