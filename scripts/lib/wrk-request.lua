-- wrk's script for a request with a method and a body (the admin's reads, scripts/lib/bench-admin.mjs: a GraphQL
-- document is a POST). Arguments (after wrk's `--`): the method, and the file holding the body, if any. wrk builds
-- its one request after `init`, with the headers given by `-H`.

function init(args)
  wrk.method = args[1]
  if args[2] then
    local file = assert(io.open(args[2], "rb"))
    wrk.body = file:read("*a")
    file:close()
  end
end
