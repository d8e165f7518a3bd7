/// The OpenAPI 3.1 document of the HTTP API, to be served at `/openapi.json`. It describes the routes
/// `buildRouter` registers, and `OpenAPITests` checks that the two agree: change them together.
enum OpenAPIDocument {
    static let json: String = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Frontdesk API",
            "version": "1.0.0",
            "summary": "Reservations for hotels and salons: properties, the board, stays, folios, appointments and figures.",
            "description": "JSON over HTTP. Dates are `YYYY-MM-DD` strings; money is `{\"amount\": minor units, \"currency\": \"THB\"}`; optional fields are left out rather than sent as null, and unknown fields in a request are ignored. Everything under `/api/v1/` needs the session cookie that `POST /api/v1/session` sets, but signing in and the guest site's API under `/api/v1/public/`, which is rate limited per client address; viewers may only read, and sign out (403 on any other method). Every refusal has the body `{\"error\": {\"code\", \"message\", \"field\"}}`. A stay's and an appointment's responses carry their version as `ETag` (`\"3\"`); `PATCH` requires it back as `If-Match` (428 without, 412 when stale) and the stay actions honour it when given. Booking a stay takes an `Idempotency-Key`, and a guest's booking requires one, so that a retry cannot book twice: the key, the booking and its answer commit in one transaction, and a retry while the first request runs waits for its answer. Request bodies are at most 1 MiB (413) and JSON only as `application/json` (415); a write, or the event stream's upgrade, from another site's page (`Sec-Fetch-Site` other than `same-origin` or `none`, or a foreign `Origin`) is refused with 403. Numbers have bounds: adults 1 to 16 and children 0 to 16 a stay, a stay at most 366 nights (60 online), dates from 1900 to 2199, an amount at most 10^12 minor units."
          },
          "tags": [
            {
              "name": "system",
              "description": "Health, this document, demo photos."
            },
            {
              "name": "session",
              "description": "Signing in and out."
            },
            {
              "name": "properties",
              "description": "Properties, the board, the front desk's day and the figures."
            },
            {
              "name": "stays",
              "description": "Hotel stays: booking, changing, checking in and out."
            },
            {
              "name": "folios",
              "description": "A stay's account: charges, payments, reversals."
            },
            {
              "name": "appointments",
              "description": "Salon appointments: booking, reading, moving, changing state."
            },
            {
              "name": "forms",
              "description": "Declarations of the web app's forms: rendered by the client, checked by the server."
            },
            {
              "name": "public",
              "description": "The guest site's API: city and region suggestions, search, a place's prices and map, booking, and managing a booking with its confirmation code and email; no session, rate limited per client address (429)."
            }
          ],
          "security": [
            {
              "sessionCookie": []
            }
          ],
          "paths": {
            "/healthz": {
              "get": {
                "operationId": "getHealth",
                "summary": "Says the server is up and which database it uses.",
                "tags": [
                  "system"
                ],
                "responses": {
                  "200": {
                    "description": "Up.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Health"
                        }
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/metrics": {
              "get": {
                "operationId": "getMetrics",
                "summary": "Figures for Prometheus.",
                "description": "Prometheus text format: `http_requests_total` and `http_request_duration_seconds` by method, route pattern and status; `frontdesk_event_stream_clients`; `process_uptime_seconds`.",
                "tags": [
                  "system"
                ],
                "responses": {
                  "200": {
                    "description": "The figures.",
                    "content": {
                      "text/plain": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "summary": "This OpenAPI document.",
                "tags": [
                  "system"
                ],
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document describing the API.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/photos/{name}": {
              "get": {
                "operationId": "getPhoto",
                "summary": "A demo photo, drawn as SVG from its name.",
                "tags": [
                  "system"
                ],
                "parameters": [
                  {
                    "name": "name",
                    "in": "path",
                    "required": true,
                    "description": "ASCII letters, digits, `-` and `.`, ending in `.svg`; at most 120 characters.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[A-Za-z0-9.-]*\\.svg$",
                      "maxLength": 120,
                      "examples": [
                        "baan-suan-1.svg"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture; the same name always draws the same picture.",
                    "headers": {
                      "Cache-Control": {
                        "description": "`public, max-age=86400`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/svg+xml": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "Not a photo name (`not_found`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no photo x.png"
                          }
                        }
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/api/v1/session": {
              "post": {
                "operationId": "signIn",
                "summary": "Signs in with email and password, setting the session cookie.",
                "tags": [
                  "session"
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/SignInRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Signed in: the member of staff, and the session cookie (valid for 12 hours).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/User"
                        }
                      }
                    },
                    "headers": {
                      "Set-Cookie": {
                        "$ref": "#/components/headers/SetSessionCookie"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "description": "The email or the password is wrong (`unauthorized`); no cookie is set.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "unauthorized",
                            "message": "the email or the password is wrong",
                            "field": "password"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              },
              "get": {
                "operationId": "getSession",
                "summary": "The signed-in member of staff.",
                "tags": [
                  "session"
                ],
                "responses": {
                  "200": {
                    "description": "Who is signed in.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/User"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "delete": {
                "operationId": "signOut",
                "summary": "Signs out, ending the session and clearing the cookie.",
                "tags": [
                  "session"
                ],
                "description": "Open to every role, viewers included (the one change a viewer may make). The body, if any, is not read.",
                "responses": {
                  "204": {
                    "description": "Signed out.",
                    "headers": {
                      "Set-Cookie": {
                        "$ref": "#/components/headers/ClearSessionCookie"
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/forms": {
              "get": {
                "operationId": "listForms",
                "summary": "The names of the forms the web app renders from declarations.",
                "tags": [
                  "forms"
                ],
                "responses": {
                  "200": {
                    "description": "The forms' names.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/FormList"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/forms/{name}": {
              "parameters": [
                {
                  "name": "name",
                  "in": "path",
                  "required": true,
                  "description": "A form's name, as `GET /api/v1/forms` lists them.",
                  "schema": {
                    "type": "string"
                  },
                  "examples": [
                    "payment"
                  ]
                }
              ],
              "get": {
                "operationId": "getForm",
                "summary": "A form's declaration: its sections and rows, with what each row's value must be.",
                "description": "Labels and titles are translation keys. The server checks what is submitted against the same declaration (the charge and payment endpoints already do): a hidden row (`visibleWhen`) is neither required nor checked; a relative bound (`{\"row\": \"arrival\", \"days\": 1}`) follows another row's value; a money row's bound is in minor units; `optionsFrom` names data the client loads (`rooms`, `staff`, `services`).",
                "tags": [
                  "forms"
                ],
                "responses": {
                  "200": {
                    "description": "The declaration.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Form"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties": {
              "get": {
                "operationId": "listProperties",
                "summary": "Lists the properties (without their room types and rooms).",
                "tags": [
                  "properties"
                ],
                "responses": {
                  "200": {
                    "description": "The properties.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PropertyList"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getProperty",
                "summary": "A property with its room types and rooms.",
                "tags": [
                  "properties"
                ],
                "responses": {
                  "200": {
                    "description": "The property, with `roomTypes` and `rooms`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Property"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}/board": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getBoard",
                "summary": "The board of a range of days: a hotel's rooms and stays, or a salon's staff and appointments.",
                "tags": [
                  "properties"
                ],
                "description": "A hotel's board holds the runs of stays overlapping the nights `[from, to)`, cancelled and no-show stays left out; a salon's, the appointments overlapping the days `[from, to)` in its time zone, cancelled ones left out. `to` must be after `from` (400 naming `to`), and a range covers at most 3 × 366 days (400 naming `to`); a malformed date is refused naming its parameter.",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "The first day. When absent: for a hotel 30 days before today, for a salon today (in the property's time zone).",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "The end of the range (exclusive). When absent: `from` + 90 days for a hotel, `from` + 1 day for a salon.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The board: a `HotelBoard` (`kind: \"hotel\"`) or a `SalonBoard` (`kind: \"salon\"`), by the property's kind.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Board"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}/today": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getToday",
                "summary": "Arrivals, departures and in-house guests for a date.",
                "tags": [
                  "properties"
                ],
                "parameters": [
                  {
                    "name": "date",
                    "in": "query",
                    "required": false,
                    "description": "The day; today in the property's time zone when absent.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The front desk's day.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Today"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}/stats": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getStats",
                "summary": "Occupancy, ADR and RevPAR of a range of nights, per night and in total.",
                "tags": [
                  "properties"
                ],
                "description": "From the property's rooms, its stays and its room types' nightly rates, as they are now. A salon has no rooms: its figures are all 0. `to` must be after `from` (400 naming `to`), and a range covers at most 366 nights (400 naming `to`); a malformed date is refused naming its parameter.",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "The first night; `to` − 30 days when absent.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "The end of the range (exclusive); today in the property's time zone when absent, so that the range ends with last night.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The figures.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stats"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}/stays": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "post": {
                "operationId": "createStay",
                "summary": "Books a stay at the property.",
                "tags": [
                  "stays"
                ],
                "description": "404 names the field: `propertyId`, `roomTypeId` or `roomId` (a room of another property is not found); a room of another type than `roomTypeId` is refused with 400 naming `roomId`. A body over 1 MiB is refused with 413, with an `Idempotency-Key` or without (and the refusal is not stored). With an `Idempotency-Key`, the first answer to a request, a refusal as well as a success (but not a 5xx), is stored for 24 hours per member of staff and sent again, with `Idempotent-Replayed: true`, for a retry with the same key, path and body.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IdempotencyKey"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/CreateStayRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Booked (state `booked`, version 1).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      },
                      "Location": {
                        "$ref": "#/components/headers/Location"
                      },
                      "Idempotent-Replayed": {
                        "$ref": "#/components/headers/IdempotentReplayed"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "description": "A room is taken on one of the nights (`conflict`, naming the booking in the way).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "conflict",
                            "message": "room 101 is taken by stay 7 (FD-7K2Q9X, Ann Lee, 2026-12-01 to 2026-12-03)",
                            "field": "roomId"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "This `Idempotency-Key` was used for a different request (`idempotency_mismatch`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "idempotency_mismatch",
                            "message": "this Idempotency-Key was used for a different request",
                            "field": "Idempotency-Key"
                          }
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "get": {
                "operationId": "getStay",
                "summary": "A stay, with its version as ETag.",
                "tags": [
                  "stays"
                ],
                "responses": {
                  "200": {
                    "description": "The stay.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/StayDetail"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "patch": {
                "operationId": "editStay",
                "summary": "Changes a stay's dates, room, guests or notes.",
                "tags": [
                  "stays"
                ],
                "description": "Requires `If-Match` (428 without it, checked before anything else; 412 when stale). Only a booked stay can change its arrival; a checked-in one only its departure (422).",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchRequired"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/EditStayRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Changed: the stay with its new version.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "$ref": "#/components/responses/NotAllowed"
                  },
                  "428": {
                    "$ref": "#/components/responses/PreconditionRequired"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/check-in": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "checkIn",
                "summary": "Checks the guest in and posts the stay's price to the folio.",
                "tags": [
                  "stays"
                ],
                "description": "Only a booked stay, on a day from arrival to before departure, with a room assigned for today that is ready (clean or inspected) unless `override` is true; otherwise 422. The folio is charged a line a night at the rate the stay was booked at (a night added by a later change of dates, at the current rate), then the place's fees and taxes.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchOptional"
                  }
                ],
                "requestBody": {
                  "description": "Optional; may be empty.",
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/CheckInRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Checked in (state `checked_in`); the folio holds a line a night, fees and taxes (lines of zero left out).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "$ref": "#/components/responses/NotAllowed"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/check-out": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "checkOut",
                "summary": "Checks the guest out: the folio must be settled unless a manager forces it.",
                "tags": [
                  "stays"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchOptional"
                  }
                ],
                "requestBody": {
                  "description": "Optional; may be empty.",
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/CheckOutRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Checked out (state `checked_out`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "description": "A viewer, or `force` by someone who is not a manager (`forbidden`, field `force`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "forbidden",
                            "message": "only a manager can check out with an open balance",
                            "field": "force"
                          }
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "Not checked in, or an open balance without `force` (`not_allowed`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_allowed",
                            "message": "the folio has an open balance of 2520.00 THB; settle it or have a manager force the check-out"
                          }
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/cancel": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "cancelStay",
                "summary": "Cancels a booked stay, freeing its nights.",
                "tags": [
                  "stays"
                ],
                "description": "The body, if any, is not read.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchOptional"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Cancelled (state `cancelled`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "422": {
                    "$ref": "#/components/responses/NotAllowed"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/no-show": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "markNoShow",
                "summary": "Marks a booked stay as a no-show, on or after its arrival date.",
                "tags": [
                  "stays"
                ],
                "description": "The body, if any, is not read.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchOptional"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Marked (state `no_show`); its nights are freed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "422": {
                    "$ref": "#/components/responses/NotAllowed"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/move": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "moveStay",
                "summary": "Moves the guest to another room from a night on.",
                "tags": [
                  "stays"
                ],
                "description": "Only a booked or checked-in stay can move (422). 409 names the stay in the new room.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IfMatchOptional"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/MoveRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Moved: the nights before `fromDate` keep their room, a new segment starts there.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Stay"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/ETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "412": {
                    "$ref": "#/components/responses/Stale"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "$ref": "#/components/responses/NotAllowed"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/folio": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "get": {
                "operationId": "getFolio",
                "summary": "A stay's folio: its entries, totals and balance.",
                "tags": [
                  "folios"
                ],
                "responses": {
                  "200": {
                    "description": "The folio.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Folio"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/charges": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "postCharge",
                "summary": "Posts a charge to a stay's folio.",
                "description": "The body is checked against the `charge` form's declaration (`GET /api/v1/forms/charge`) before the folio's own rules.",
                "tags": [
                  "folios"
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ChargeRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Posted: the folio after.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Folio"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/payments": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "postPayment",
                "summary": "Posts a payment to a stay's folio.",
                "description": "The body is checked against the `payment` form's declaration (`GET /api/v1/forms/payment`) before the folio's own rules.",
                "tags": [
                  "folios"
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/PaymentRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Posted: the folio after.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Folio"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/stays/{id}/reversals": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/StayId"
                }
              ],
              "post": {
                "operationId": "postReversal",
                "summary": "Reverses a folio entry (a mistake), once.",
                "tags": [
                  "folios"
                ],
                "description": "404 (field `entryId`) when the entry is not on this folio.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ReversalRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Posted: the folio after, the entry marked `reversed`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Folio"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "The entry is already reversed, or is itself a reversal (`not_allowed`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_allowed",
                            "message": "entry 12 is already reversed"
                          }
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/public/regions": {
              "get": {
                "operationId": "suggestRegions",
                "summary": "Cities and regions with bookable hotels whose name matches what a guest types, in any of five languages.",
                "tags": [
                  "public"
                ],
                "description": "`q` is matched, without regard to case, Latin accents (`ha noi` finds Hà Nội) or hiragana and katakana, against each city's and region's stored (English) name and its Thai, Japanese, Korean and Vietnamese names: a whole name first, then a name's start, a word's start, and anywhere in a name; then the areas with the most places. Only hotels with rooms count (salons never do). A blank `q` suggests the areas with the most places. 400 names `q` when it is missing or longer than 100 characters.",
                "parameters": [
                  {
                    "name": "q",
                    "in": "query",
                    "required": true,
                    "description": "What the guest has typed so far, in English, Thai, Japanese, Korean or Vietnamese; at most 100 characters.",
                    "schema": {
                      "type": "string",
                      "maxLength": 100,
                      "examples": [
                        "치앙",
                        "chiang",
                        "เชียง"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "At most eight suggestions, best first.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RegionSuggestions"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/search": {
              "get": {
                "operationId": "searchPlaces",
                "summary": "Hotels in a city or region with a room free for the dates and the party, priced, with every offer and the distance from the area's centre.",
                "tags": [
                  "public"
                ],
                "description": "`region` matches a part of a hotel's city or region, in English or in its Thai, Japanese, Korean or Vietnamese name (`치앙마이` finds Chiang Mai), without regard to case or Latin accents; salons are never found. A place is left out when no room type sleeps the party and is free every night, or when none is within `minPrice` to `maxPrice`; its `offers` list every room type on offer whatever the price range, so that a client can move its price slider without asking again. Distances are from `centre`, the mean position of the places of the city or region that best matches `region` (as `/api/v1/public/regions` ranks them). The answer always reflects the stays as they stand: a booking made or cancelled shows in the next search. 400 names the field: `region` (blank), `arrival` (missing, or `departure` missing), `departure` (not after `arrival`, or more than 60 nights), `adults`, `children`, `minPrice`, `maxPrice` (below `minPrice`), `sort`, or a malformed date.",
                "parameters": [
                  {
                    "name": "region",
                    "in": "query",
                    "required": true,
                    "description": "A city or region, or a part of one, in any of the guest site's five languages.",
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "examples": [
                        "chiang mai"
                      ]
                    }
                  },
                  {
                    "name": "arrival",
                    "in": "query",
                    "required": true,
                    "description": "The first night.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "departure",
                    "in": "query",
                    "required": true,
                    "description": "The day of leaving: after `arrival`, at most 60 nights later.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "adults",
                    "in": "query",
                    "required": false,
                    "description": "1 to 16; 2 when absent.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 1,
                      "maximum": 16
                    }
                  },
                  {
                    "name": "children",
                    "in": "query",
                    "required": false,
                    "description": "0 to 16; 0 when absent.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 0,
                      "maximum": 16
                    }
                  },
                  {
                    "name": "minPrice",
                    "in": "query",
                    "required": false,
                    "description": "The lowest nightly price (minor units) of a result's room type.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 0,
                      "maximum": 1000000000000
                    }
                  },
                  {
                    "name": "maxPrice",
                    "in": "query",
                    "required": false,
                    "description": "The highest nightly price (minor units); not below `minPrice`.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 0,
                      "maximum": 1000000000000
                    }
                  },
                  {
                    "name": "sort",
                    "in": "query",
                    "required": false,
                    "description": "`price` (the default): cheapest `total` first; `distance`: nearest `centre` first.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "price",
                        "distance"
                      ],
                      "default": "price"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The places, cheapest (or nearest) first, and the price histogram.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Search"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/properties/{id}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getPublicProperty",
                "summary": "A hotel for guests: its policy and room types, priced for the dates when given.",
                "tags": [
                  "public"
                ],
                "description": "With `arrival` (and `departure`), each room type has `available` and, when it is free and sleeps the party, its itemised `price`; without `arrival`, neither, and the other parameters are not read. 400 names the field as in the search.",
                "parameters": [
                  {
                    "name": "arrival",
                    "in": "query",
                    "required": false,
                    "description": "The first night. Given without `departure`, the dates are taken as tonight (in UTC) for one adult.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "departure",
                    "in": "query",
                    "required": false,
                    "description": "The day of leaving: after `arrival`, at most 60 nights later.",
                    "schema": {
                      "$ref": "#/components/schemas/Date"
                    }
                  },
                  {
                    "name": "adults",
                    "in": "query",
                    "required": false,
                    "description": "1 to 16; 2 when absent.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 1,
                      "maximum": 16
                    }
                  },
                  {
                    "name": "children",
                    "in": "query",
                    "required": false,
                    "description": "0 to 16; 0 when absent.",
                    "schema": {
                      "type": "integer",
                      "format": "int64",
                      "minimum": 0,
                      "maximum": 16
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The place.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PublicPropertyDetail"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "description": "No such hotel, or a salon (`not_found`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no place 42"
                          }
                        }
                      }
                    }
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/properties/{id}/map.svg": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "getPlaceMap",
                "summary": "A hotel's surroundings as an SVG map drawn by the server.",
                "tags": [
                  "public"
                ],
                "description": "A 640 x 320 drawing in Web Mercator at a fixed zoom (about 12 km across), centred on the hotel: a light graticule every 0.01°, the other hotels of its city as dots (those beyond the frame left out), the hotel as a pin with its name, a scale bar in km, a north arrow, its latitude and longitude, and its city's name in `lang`. Nothing is fetched from a tile server; the same hotel and neighbours always draw the same bytes. 400 names `lang` when it is not one of the five.",
                "parameters": [
                  {
                    "name": "lang",
                    "in": "query",
                    "required": false,
                    "description": "The language of the city's name: `en` (the default), `th`, `ja`, `ko` or `vi`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "en",
                        "th",
                        "ja",
                        "ko",
                        "vi"
                      ],
                      "default": "en"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The map.",
                    "headers": {
                      "Cache-Control": {
                        "description": "`public, max-age=3600`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/svg+xml": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "description": "No such hotel, or a salon (`not_found`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no place 42"
                          }
                        }
                      }
                    }
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/bookings": {
              "post": {
                "operationId": "createPublicBooking",
                "summary": "Books a free room of a type for a guest.",
                "tags": [
                  "public"
                ],
                "description": "A specific free room is booked, so that the database itself prevents an overbooking; when another guest takes it first the next free room is tried. 400 names the field: `Idempotency-Key` (missing or malformed), `arrival` (passed), `departure`, `adults` (too many for the room type), `guest.name`, `guest.email`, `guest.phone`, `arrivalTime`, `notes`. The first answer to a key, a refusal as well as a success (but not a 5xx), is stored for 24 hours and sent again, with `Idempotent-Replayed: true`, for a retry with the same key, path and body; keys are shared by all guests.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/PublicIdempotencyKey"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/PublicBookingRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Booked: a stay of source `online` in a free room of the type.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PublicBooking"
                        }
                      }
                    },
                    "headers": {
                      "Idempotent-Replayed": {
                        "$ref": "#/components/headers/IdempotentReplayed"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "description": "No such hotel (`propertyId`, a salon included) or room type of it (`roomTypeId`) (`not_found`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no room type 9 at this place",
                            "field": "roomTypeId"
                          }
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "No room of the type is free any more for the dates (`conflict`, field `roomTypeId`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "conflict",
                            "message": "Garden Double is no longer available from 2026-12-01 to 2026-12-03; search again",
                            "field": "roomTypeId"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "This `Idempotency-Key` was used for a different request (`idempotency_mismatch`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "idempotency_mismatch",
                            "message": "this Idempotency-Key was used for a different request",
                            "field": "Idempotency-Key"
                          }
                        }
                      }
                    }
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/bookings/{code}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/ConfirmationCode"
                }
              ],
              "get": {
                "operationId": "getPublicBooking",
                "summary": "A guest's booking, by its confirmation code and the guest's email address.",
                "tags": [
                  "public"
                ],
                "description": "The email is compared without regard to case. The answer carries the price (each night at the rate it was booked at, as check-in charges it), the folio's balance, and what cancelling now would mean by the place's policy. 400 names `email` when it is missing or blank.",
                "parameters": [
                  {
                    "name": "email",
                    "in": "query",
                    "required": true,
                    "description": "The email address the booking was made with.",
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "examples": [
                        "ann@example.com"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The booking.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ManagedBooking"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "description": "No booking with this confirmation code and email address (`not_found`): the same answer for an unknown code and for a wrong email, so that codes cannot be probed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no booking with this confirmation code and email address"
                          }
                        }
                      }
                    }
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/public/bookings/{code}/cancel": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/ConfirmationCode"
                }
              ],
              "post": {
                "operationId": "cancelPublicBooking",
                "summary": "Cancels a guest's booking, charging the late-cancellation fee after the free window.",
                "tags": [
                  "public"
                ],
                "description": "The stay is cancelled as the front desk cancels it (its `stay.cancel` event reaches the live boards). Until `cancellation.freeUntil` (in the place's time zone) it costs nothing; after that the policy's share of the total is charged to the stay's folio (a `fee` charge), and shows in `balance.due`. 400 names `email` when it is missing or blank.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/CancelBookingRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Cancelled: the booking as it is now (state `cancelled`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ManagedBooking"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "description": "No booking with this confirmation code and email address (`not_found`): the same answer for an unknown code and for a wrong email, so that codes cannot be probed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no booking with this confirmation code and email address"
                          }
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The guest may no longer cancel: the stay is checked in or out, already cancelled or marked a no-show, or its arrival date has passed (`conflict`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "conflict",
                            "message": "this booking cannot be cancelled: the booking is already cancelled"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "429": {
                    "$ref": "#/components/responses/RateLimited"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/properties/{id}/appointments": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "post": {
                "operationId": "createAppointment",
                "summary": "Books an appointment at a salon.",
                "tags": [
                  "appointments"
                ],
                "description": "Neither overlaps nor working hours are checked: one member of staff may hold overlapping appointments, which the board stacks. 400 names the field: `start` (not RFC 3339, or not on a whole minute), `durationMinutes` (not 5 to 720) or `guest.name` (the customer's name is blank or too long). There is no `Idempotency-Key` here: a retry books again.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/CreateAppointmentRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Booked (state `booked`, version 1).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Appointment"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/AppointmentETag"
                      },
                      "Location": {
                        "$ref": "#/components/headers/AppointmentLocation"
                      },
                      "Idempotent-Replayed": {
                        "$ref": "#/components/headers/IdempotentReplayed"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "description": "No such member of staff or service at this property (`not_found`, field `staffId` or `serviceId`); a property that does not exist, or has no staff (a hotel), is refused naming `staffId`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no staff member 9999 at this property",
                            "field": "staffId"
                          }
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "A room is taken on one of the nights (`conflict`, naming the booking in the way).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "conflict",
                            "message": "room 101 is taken by stay 7 (FD-7K2Q9X, Ann Lee, 2026-12-01 to 2026-12-03)",
                            "field": "roomId"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "This `Idempotency-Key` was used for a different request (`idempotency_mismatch`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "idempotency_mismatch",
                            "message": "this Idempotency-Key was used for a different request",
                            "field": "Idempotency-Key"
                          }
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "parameters": [
                  {
                    "$ref": "#/components/parameters/IdempotencyKey"
                  }
                ]
              }
            },
            "/api/v1/appointments/{id}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/AppointmentId"
                }
              ],
              "get": {
                "operationId": "getAppointment",
                "summary": "An appointment, with its version as ETag.",
                "tags": [
                  "appointments"
                ],
                "responses": {
                  "200": {
                    "description": "The appointment.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AppointmentDetail"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/AppointmentETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "patch": {
                "operationId": "editAppointment",
                "summary": "Moves, resizes or reassigns an appointment (a drag on the board), or changes its state.",
                "tags": [
                  "appointments"
                ],
                "description": "Requires `If-Match` (428 without it, checked before anything else; 412 when stale). Time, staff, length and notes may change in any state; a change of state must be a step the rules allow (422). A body is required (400 when empty); every change, even one that changes nothing, bumps the version.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/AppointmentIfMatch"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/EditAppointmentRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Changed: the appointment with its new version.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Appointment"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "$ref": "#/components/headers/AppointmentETag"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "description": "No such appointment, or `staffId` is not a member of staff of its property (`not_found`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_found",
                            "message": "no staff member 9999 at this property",
                            "field": "staffId"
                          }
                        }
                      }
                    }
                  },
                  "412": {
                    "description": "`If-Match` names an older version than the stored one (`stale`): reload the appointment.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "stale",
                            "message": "appointment 7 has changed (version 3, not 2); reload it"
                          }
                        }
                      }
                    }
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "422": {
                    "description": "A change of state the rules refuse (`not_allowed`): see `AppointmentState`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "not_allowed",
                            "message": "an appointment that is completed cannot become booked"
                          }
                        }
                      }
                    }
                  },
                  "428": {
                    "description": "No `If-Match` (`precondition_required`).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        },
                        "example": {
                          "error": {
                            "code": "precondition_required",
                            "message": "send If-Match with the appointment's ETag",
                            "field": "If-Match"
                          }
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/properties/{id}/events": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/PropertyId"
                }
              ],
              "get": {
                "operationId": "streamEvents",
                "summary": "Every change to a property as it commits (WebSocket).",
                "description": "Open as a WebSocket (`Upgrade: websocket`) with the session cookie. The server sends text frames of JSON, the client sends nothing. First `{\"type\": \"hello\", \"seq\": N}`: events after `N` follow. With `after=K` (the client's last event) `N` is `K`; without it, or when `K` is ahead of the server (a replaced database), `N` is the latest event and a client holding older data should reload it. Then one `{\"type\": \"event\", \"seq\", \"kind\", \"entityId\", \"at\", \"data\"}` per change, in order and without gaps: `kind` is `entity.action` (`stay.create`, `stay.move`, `stay.check-in`, `appointment.update`, ...), `data` the entity after the change as this API returns it (`[Stay]` or `[Appointment]`). A client that sees a gap in `seq` has missed something and should reload. On PostgreSQL, changes made through any server instance are delivered (LISTEN/NOTIFY).",
                "tags": [
                  "properties"
                ],
                "parameters": [
                  {
                    "name": "after",
                    "in": "query",
                    "required": false,
                    "description": "The last event the client has; the stream continues after it.",
                    "schema": {
                      "type": "integer",
                      "minimum": 0
                    }
                  }
                ],
                "responses": {
                  "101": {
                    "description": "Switching to the WebSocket protocol; messages as described above."
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "426": {
                    "description": "Not a WebSocket request.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/ical/rooms/{file}": {
              "get": {
                "operationId": "exportRoomCalendar",
                "summary": "A room's busy nights as an iCalendar feed, for channel managers.",
                "description": "`{file}` is `{roomId}.ics`. One all-day event per run of an active stay in the room (imported blocks included), from 30 days ago on, with `SUMMARY:Not available` and no guest's name. No session: the `token` from `GET /api/v1/rooms/{id}/ical` is the key; a wrong token and an unknown room both answer 404.",
                "tags": [
                  "ical"
                ],
                "parameters": [
                  {
                    "name": "file",
                    "in": "path",
                    "required": true,
                    "description": "`{roomId}.ics`",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+\\.ics$"
                    }
                  },
                  {
                    "name": "token",
                    "in": "query",
                    "required": true,
                    "description": "The room's export token.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The calendar.",
                    "content": {
                      "text/calendar": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "security": []
              }
            },
            "/api/v1/room-types/{id}/rates": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/RoomTypeId"
                }
              ],
              "get": {
                "operationId": "getRoomTypeRates",
                "summary": "A room type's rate, night by night.",
                "description": "Each night from `from` to the night before `to` (at most 366), at its own rate or the base rate. 400 names `from` or `to` when missing, malformed, out of order or too far apart.",
                "tags": [
                  "properties"
                ],
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": true,
                    "description": "The first night.",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": true,
                    "description": "The day after the last night.",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The nights and their rates.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RoomTypeRates"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "put": {
                "operationId": "setRoomTypeRates",
                "summary": "Sets a room type's rate for some nights (managers only).",
                "description": "Every night from `from` to the night before `to` (at most 366) gets `amount`, in the property's currency's minor units, replacing what it had. The guest site quotes the new rate at once; stays already booked keep the rates they were booked at. 403 for anyone but a manager; 400 names `from`, `to` or `amount` (negative).",
                "tags": [
                  "properties"
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/SetRatesRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The nights and their rates, as they now are.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RoomTypeRates"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/rooms/{id}/ical": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/RoomId"
                }
              ],
              "get": {
                "operationId": "getRoomCalendars",
                "summary": "The room's calendar export link and the feeds imported into it.",
                "description": "The export token is made on the first request and stays the same afterwards.",
                "tags": [
                  "ical"
                ],
                "responses": {
                  "200": {
                    "description": "Links and imports.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ICalLinks"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/api/v1/rooms/{id}/ical-imports": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/RoomId"
                }
              ],
              "post": {
                "operationId": "importRoomCalendar",
                "summary": "Imports a calendar feed: its events block the room.",
                "description": "Send `{\"url\": ...}` to have the server fetch a feed, or the file itself as `text/calendar` (source `upload`). Events that ended before today are ignored. Importing the same source again brings the room's blocks in line with it: new events are added, unchanged ones kept, blocks whose event is gone or changed are cancelled. An event that collides with a booking is reported in `conflicts` and the others still go in. Every added or removed block is an event on the live stream.",
                "tags": [
                  "ical"
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ICalImportRequest"
                      }
                    },
                    "text/calendar": {
                      "schema": {
                        "type": "string"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "What changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ICalImportResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Date": {
                "type": "string",
                "format": "date",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                "examples": [
                  "2026-12-01"
                ],
                "description": "A calendar date, `YYYY-MM-DD`."
              },
              "ClockTime": {
                "type": "string",
                "pattern": "^[0-9]{2}:[0-9]{2}$",
                "examples": [
                  "14:00"
                ],
                "description": "A time of day in the property's time zone, `HH:MM` (24-hour)."
              },
              "Currency": {
                "type": "string",
                "enum": [
                  "EUR",
                  "JPY",
                  "KRW",
                  "THB",
                  "USD",
                  "VND"
                ],
                "description": "An ISO 4217 code of a currency Frontdesk takes; others are refused with 400."
              },
              "RoomTypeRates": {
                "type": "object",
                "description": "A room type's rate night by night.",
                "properties": {
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64"
                  },
                  "baseRate": {
                    "$ref": "#/components/schemas/Money"
                  },
                  "nights": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "date": {
                          "type": "string",
                          "format": "date"
                        },
                        "rate": {
                          "$ref": "#/components/schemas/Money"
                        }
                      },
                      "required": [
                        "date",
                        "rate"
                      ]
                    }
                  }
                },
                "required": [
                  "roomTypeId",
                  "baseRate",
                  "nights"
                ]
              },
              "SetRatesRequest": {
                "type": "object",
                "properties": {
                  "from": {
                    "type": "string",
                    "format": "date",
                    "description": "The first night."
                  },
                  "to": {
                    "type": "string",
                    "format": "date",
                    "description": "The day after the last night."
                  },
                  "amount": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 1000000000000,
                    "description": "Each night's rate in minor units of the property's currency."
                  }
                },
                "required": [
                  "from",
                  "to",
                  "amount"
                ]
              },
              "Money": {
                "type": "object",
                "description": "An amount of money in minor units.",
                "properties": {
                  "amount": {
                    "type": "integer",
                    "format": "int64",
                    "description": "Whole minor units of the currency (satang for THB, yen for JPY), never a fraction: 120000 is 1,200.00 THB."
                  },
                  "currency": {
                    "$ref": "#/components/schemas/Currency"
                  }
                },
                "required": [
                  "amount",
                  "currency"
                ]
              },
              "Error": {
                "type": "object",
                "description": "The body of every refusal.",
                "properties": {
                  "error": {
                    "type": "object",
                    "properties": {
                      "code": {
                        "type": "string",
                        "examples": [
                          "invalid",
                          "not_found",
                          "conflict"
                        ],
                        "description": "What went wrong, for programs: `invalid` (400), `unauthorized` (401), `forbidden` (403), `not_found` (404), `conflict` (409), `stale` (412), `too_large` (413), `not_allowed` (422), `precondition_required` (428), `rate_limited` (429), `internal` (500); `cross_origin` (403: a write from another site's page), `unsupported_media_type` (415: a body that is not `application/json`); on booking with an `Idempotency-Key` also `idempotency_mismatch` (422); an unknown path is `not_found` (404) too; before any route, `malformed_request` (400), `request_timeout` (408: the request head did not arrive in time) and `request_too_large` (431: request line and headers over 80 KiB); `http_<status>` for other refusals of the HTTP layer."
                      },
                      "message": {
                        "type": "string",
                        "description": "What went wrong, in words for people."
                      },
                      "field": {
                        "type": "string",
                        "description": "The input concerned, as the client named it: a JSON path into the body (`guest.name`, `amount.currency`), a path or query parameter (`id`, `from`) or a header (`If-Match`). Absent when no one field is concerned."
                      }
                    },
                    "required": [
                      "code",
                      "message"
                    ]
                  }
                },
                "required": [
                  "error"
                ]
              },
              "Health": {
                "type": "object",
                "properties": {
                  "status": {
                    "type": "string",
                    "enum": [
                      "ok"
                    ],
                    "description": "Always `ok` when the server answers."
                  },
                  "database": {
                    "type": "string",
                    "enum": [
                      "sqlite",
                      "postgres"
                    ],
                    "description": "The kind of database the server runs on."
                  }
                },
                "required": [
                  "status",
                  "database"
                ]
              },
              "User": {
                "type": "object",
                "description": "A member of staff.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "email": {
                    "type": "string",
                    "format": "email"
                  },
                  "name": {
                    "type": "string"
                  },
                  "role": {
                    "type": "string",
                    "enum": [
                      "manager",
                      "front_desk",
                      "viewer"
                    ],
                    "description": "`manager` may do everything, `front_desk` everything but force a check-out with an open balance, `viewer` only read."
                  }
                },
                "required": [
                  "id",
                  "email",
                  "name",
                  "role"
                ]
              },
              "SignInRequest": {
                "type": "object",
                "properties": {
                  "email": {
                    "type": "string",
                    "description": "Matched without regard to case."
                  },
                  "password": {
                    "type": "string"
                  }
                },
                "required": [
                  "email",
                  "password"
                ]
              },
              "RoomType": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Garden Double"
                    ]
                  },
                  "capacity": {
                    "type": "integer",
                    "format": "int64",
                    "description": "How many guests (adults and children) a room of this type sleeps."
                  },
                  "baseRate": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The price of a night before fees and taxes."
                  }
                },
                "required": [
                  "id",
                  "name",
                  "capacity",
                  "baseRate"
                ]
              },
              "Room": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "number": {
                    "type": "string",
                    "examples": [
                      "101"
                    ]
                  },
                  "floor": {
                    "type": "integer",
                    "format": "int64"
                  },
                  "housekeeping": {
                    "type": "string",
                    "enum": [
                      "clean",
                      "dirty",
                      "inspected",
                      "out_of_service"
                    ]
                  }
                },
                "required": [
                  "id",
                  "roomTypeId",
                  "number",
                  "floor",
                  "housekeeping"
                ]
              },
              "Property": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Baan Suan"
                    ]
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "hotel",
                      "salon"
                    ]
                  },
                  "region": {
                    "type": "string",
                    "examples": [
                      "Northern Thailand"
                    ]
                  },
                  "city": {
                    "type": "string",
                    "examples": [
                      "Chiang Mai"
                    ]
                  },
                  "latitude": {
                    "type": "number",
                    "format": "double"
                  },
                  "longitude": {
                    "type": "number",
                    "format": "double"
                  },
                  "timeZone": {
                    "type": "string",
                    "examples": [
                      "Asia/Bangkok"
                    ],
                    "description": "An IANA time zone."
                  },
                  "currency": {
                    "$ref": "#/components/schemas/Currency"
                  },
                  "checkIn": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When check-in opens on the arrival day."
                  },
                  "checkOut": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When check-out is due on the departure day."
                  },
                  "summary": {
                    "type": "string"
                  },
                  "amenities": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "photos": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "examples": [
                        "/photos/baan-suan-1.svg"
                      ]
                    },
                    "description": "Paths of the property's photos."
                  },
                  "roomTypes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/RoomType"
                    },
                    "description": "Only in `GET /api/v1/properties/{id}`."
                  },
                  "rooms": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Room"
                    },
                    "description": "Only in `GET /api/v1/properties/{id}`."
                  },
                  "staff": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SalonStaff"
                    },
                    "description": "Only in `GET /api/v1/properties/{id}`; empty for a hotel."
                  },
                  "services": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SalonService"
                    },
                    "description": "Only in `GET /api/v1/properties/{id}`; empty for a hotel."
                  }
                },
                "required": [
                  "id",
                  "name",
                  "kind",
                  "region",
                  "city",
                  "latitude",
                  "longitude",
                  "timeZone",
                  "currency",
                  "checkIn",
                  "checkOut",
                  "summary",
                  "amenities",
                  "photos"
                ]
              },
              "PropertyList": {
                "type": "object",
                "properties": {
                  "properties": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Property"
                    }
                  }
                },
                "required": [
                  "properties"
                ]
              },
              "StaySegment": {
                "type": "object",
                "description": "A run of a stay's nights in one room, half-open: `[arrival, departure)`.",
                "properties": {
                  "roomId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The room of this run of nights; absent while the stay waits for a room."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  }
                },
                "required": [
                  "arrival",
                  "departure"
                ]
              },
              "Stay": {
                "type": "object",
                "description": "A hotel reservation.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The room at the end of the stay (the last segment's); absent when it has no room yet."
                  },
                  "guestId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "nights": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Nights from arrival to departure."
                  },
                  "segments": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/StaySegment"
                    },
                    "description": "The nights in order, one run a room; a room move splits the stay. Never empty."
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot: they do not count against the room type's capacity."
                  },
                  "source": {
                    "type": "string",
                    "enum": [
                      "front_desk",
                      "online",
                      "ical"
                    ]
                  },
                  "state": {
                    "type": "string",
                    "enum": [
                      "booked",
                      "checked_in",
                      "checked_out",
                      "cancelled",
                      "no_show"
                    ]
                  },
                  "version": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Bumped on every change; the response's `ETag` is this number in quotes."
                  },
                  "confirmationCode": {
                    "type": "string",
                    "examples": [
                      "FD-7K2Q9X"
                    ]
                  },
                  "notes": {
                    "type": "string"
                  }
                },
                "required": [
                  "id",
                  "propertyId",
                  "roomTypeId",
                  "guestId",
                  "arrival",
                  "departure",
                  "nights",
                  "segments",
                  "adults",
                  "children",
                  "infants",
                  "source",
                  "state",
                  "version",
                  "confirmationCode",
                  "notes"
                ]
              },
              "CreateStayRequest": {
                "type": "object",
                "properties": {
                  "roomId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A room of the property; the stay waits for one when absent."
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Required when `roomId` is absent; otherwise the room's type is taken. When both are given, the room must be of this type (400, field `roomId`)."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date",
                    "description": "After `arrival` (at least one night)."
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16,
                    "description": "At least one; adults and children together at most the room type's capacity."
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16,
                    "description": "0 when absent."
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot (at most 5; not counted against the capacity). 0 when absent."
                  },
                  "guest": {
                    "type": "object",
                    "properties": {
                      "name": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 200,
                        "description": "Not blank."
                      },
                      "email": {
                        "type": "string",
                        "maxLength": 254
                      },
                      "phone": {
                        "type": "string",
                        "maxLength": 40,
                        "pattern": "^[0-9 +()-]*$",
                        "description": "Digits, spaces and `+-()`."
                      }
                    },
                    "required": [
                      "name"
                    ]
                  },
                  "notes": {
                    "type": "string",
                    "maxLength": 2000,
                    "description": "At most 2,000 characters."
                  }
                },
                "required": [
                  "arrival",
                  "departure",
                  "adults",
                  "guest"
                ]
              },
              "EditStayRequest": {
                "type": "object",
                "description": "What to change; absent fields stay as they are.",
                "properties": {
                  "arrival": {
                    "$ref": "#/components/schemas/Date",
                    "description": "Only a booked stay can change its arrival."
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "roomId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A room of the property. Changing the dates or the room makes the stay one segment again."
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot (at most 5; not counted against the capacity)."
                  },
                  "notes": {
                    "type": "string",
                    "maxLength": 2000
                  }
                }
              },
              "CheckInRequest": {
                "type": "object",
                "properties": {
                  "override": {
                    "type": "boolean",
                    "description": "Check in although the room is not ready (dirty, out of service)."
                  }
                }
              },
              "CheckOutRequest": {
                "type": "object",
                "properties": {
                  "force": {
                    "type": "boolean",
                    "description": "Check out with an open balance: managers only."
                  }
                }
              },
              "MoveRequest": {
                "type": "object",
                "properties": {
                  "roomId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A room of the property."
                  },
                  "fromDate": {
                    "$ref": "#/components/schemas/Date",
                    "description": "The first night in the new room: one of the stay's nights."
                  }
                },
                "required": [
                  "roomId",
                  "fromDate"
                ]
              },
              "BoardGroup": {
                "type": "object",
                "description": "A room type, the header row of its rooms.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The room type's id."
                  },
                  "rowId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "`-id`: the group header row."
                  },
                  "name": {
                    "type": "string"
                  }
                },
                "required": [
                  "id",
                  "rowId",
                  "name"
                ]
              },
              "BoardRoom": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "rowId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "The room's id."
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "number": {
                    "type": "string"
                  },
                  "housekeeping": {
                    "type": "string",
                    "enum": [
                      "clean",
                      "dirty",
                      "inspected",
                      "out_of_service"
                    ]
                  }
                },
                "required": [
                  "id",
                  "rowId",
                  "roomTypeId",
                  "number",
                  "housekeeping"
                ]
              },
              "HotelBoard": {
                "type": "object",
                "description": "A hotel's board: rows of room types and rooms, and the runs of stays on them, compact, for the timeline engine.",
                "properties": {
                  "kind": {
                    "type": "string",
                    "const": "hotel",
                    "description": "A hotel's board."
                  },
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "from": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "to": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "today": {
                    "$ref": "#/components/schemas/Date",
                    "description": "Today in the property's time zone."
                  },
                  "fromDay": {
                    "type": "integer",
                    "format": "int64",
                    "description": "`from` as days since 1970-01-01."
                  },
                  "toDay": {
                    "type": "integer",
                    "format": "int64",
                    "description": "`to` as days since 1970-01-01."
                  },
                  "checkIn": {
                    "$ref": "#/components/schemas/ClockTime"
                  },
                  "checkOut": {
                    "$ref": "#/components/schemas/ClockTime"
                  },
                  "groups": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/BoardGroup"
                    }
                  },
                  "rooms": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/BoardRoom"
                    }
                  },
                  "items": {
                    "type": "array",
                    "items": {
                      "type": "integer",
                      "format": "int64"
                    },
                    "description": "Six integers an item, one item a run of a stay in one room, flat: `segmentId, rowId, arrival, departure, style, stayId`. `segmentId` is the run's own id in the database: stable while the stay stays at one version, but every change of the stay (an edit, a move, a check-in, any new `version`) writes its runs anew with new ids, so key a bar by it only within one load of the board. A room move makes several runs of a stay. Days are numbers since 1970-01-01, `departure` exclusive; `rowId` is the room's id, or `-roomTypeId` for a stay without a room; `style` is 0 booked, 1 checked in, 2 checked out, 3 unassigned, 4 blocked (imported calendar)."
                  },
                  "guests": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "Each item's guest name, in the order of `items`."
                  }
                },
                "required": [
                  "kind",
                  "propertyId",
                  "from",
                  "to",
                  "today",
                  "fromDay",
                  "toDay",
                  "checkIn",
                  "checkOut",
                  "groups",
                  "rooms",
                  "items",
                  "guests"
                ]
              },
              "SalonTeam": {
                "type": "object",
                "description": "A team, the header row of its staff.",
                "properties": {
                  "rowId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "`-n` for the n-th team (from 1), in the order the staff are listed."
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Cut"
                    ]
                  }
                },
                "required": [
                  "rowId",
                  "name"
                ]
              },
              "SalonStaff": {
                "type": "object",
                "description": "A member of staff, a row of the salon's board.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "rowId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "The staff member's id."
                  },
                  "teamRowId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "The `rowId` of the member's team."
                  },
                  "name": {
                    "type": "string"
                  },
                  "workStart": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When the working day starts."
                  },
                  "workEnd": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When it ends (`24:00` for midnight)."
                  }
                },
                "required": [
                  "id",
                  "rowId",
                  "teamRowId",
                  "name",
                  "workStart",
                  "workEnd"
                ]
              },
              "SalonService": {
                "type": "object",
                "description": "A service the salon offers.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Cut"
                    ]
                  },
                  "durationMinutes": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "How long the service takes: an appointment's length by default."
                  },
                  "price": {
                    "$ref": "#/components/schemas/Money"
                  }
                },
                "required": [
                  "id",
                  "name",
                  "durationMinutes",
                  "price"
                ]
              },
              "SalonBoard": {
                "type": "object",
                "description": "A salon's board: rows of teams and their staff, and the appointments overlapping the range, compact, for the timeline engine.",
                "properties": {
                  "kind": {
                    "type": "string",
                    "const": "salon",
                    "description": "A salon's board."
                  },
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "from": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "to": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "today": {
                    "$ref": "#/components/schemas/Date",
                    "description": "Today in the salon's time zone."
                  },
                  "fromMinute": {
                    "type": "integer",
                    "format": "int64",
                    "description": "Midnight starting `from` in the salon's time zone, as minutes since 1970 (UTC)."
                  },
                  "toMinute": {
                    "type": "integer",
                    "format": "int64",
                    "description": "Midnight starting `to` in the salon's time zone, as minutes since 1970 (UTC)."
                  },
                  "timeZone": {
                    "type": "string",
                    "examples": [
                      "Asia/Tokyo"
                    ],
                    "description": "The salon's IANA time zone."
                  },
                  "teams": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SalonTeam"
                    }
                  },
                  "staff": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SalonStaff"
                    }
                  },
                  "services": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SalonService"
                    }
                  },
                  "items": {
                    "type": "array",
                    "items": {
                      "type": "integer",
                      "format": "int64"
                    },
                    "description": "Six integers an appointment, flat: `appointmentId, staffId, startMinute, endMinute, style, serviceId`, in order of start. Minutes are since 1970-01-01 (UTC), `endMinute` exclusive; `staffId` is also the row's id; `style` is the state: 0 booked, 1 checked in, 2 completed, 4 no-show (3, cancelled, never appears: cancelled appointments are left out). Appointments of one member of staff may overlap."
                  },
                  "customers": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "Each item's customer name, in the order of `items`."
                  }
                },
                "required": [
                  "kind",
                  "propertyId",
                  "from",
                  "to",
                  "today",
                  "fromMinute",
                  "toMinute",
                  "timeZone",
                  "teams",
                  "staff",
                  "services",
                  "items",
                  "customers"
                ]
              },
              "Board": {
                "description": "A hotel's board or a salon's, told apart by `kind` (the property's kind).",
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/HotelBoard"
                  },
                  {
                    "$ref": "#/components/schemas/SalonBoard"
                  }
                ],
                "discriminator": {
                  "propertyName": "kind",
                  "mapping": {
                    "hotel": "#/components/schemas/HotelBoard",
                    "salon": "#/components/schemas/SalonBoard"
                  }
                }
              },
              "Contact": {
                "type": "object",
                "description": "A guest's or customer's name and how to reach them.",
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "email": {
                    "type": "string"
                  },
                  "phone": {
                    "type": "string"
                  }
                },
                "required": [
                  "name",
                  "email",
                  "phone"
                ]
              },
              "AppointmentDetail": {
                "description": "An appointment with its customer's contact.",
                "allOf": [
                  {
                    "$ref": "#/components/schemas/Appointment"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "customer": {
                        "$ref": "#/components/schemas/Contact"
                      }
                    }
                  }
                ]
              },
              "StayDetail": {
                "description": "A stay with its guest's contact.",
                "allOf": [
                  {
                    "$ref": "#/components/schemas/Stay"
                  },
                  {
                    "type": "object",
                    "properties": {
                      "guest": {
                        "$ref": "#/components/schemas/Contact"
                      }
                    }
                  }
                ]
              },
              "TodayEntry": {
                "type": "object",
                "properties": {
                  "stay": {
                    "$ref": "#/components/schemas/Stay"
                  },
                  "guestName": {
                    "type": "string"
                  },
                  "roomNumber": {
                    "type": "string",
                    "description": "The room on the date (or the stay's last room); absent without one."
                  },
                  "balance": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The folio's balance: what the guest owes (negative: what is owed to them)."
                  }
                },
                "required": [
                  "stay",
                  "guestName",
                  "balance"
                ]
              },
              "Today": {
                "type": "object",
                "properties": {
                  "date": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "arrivals": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/TodayEntry"
                    }
                  },
                  "departures": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/TodayEntry"
                    }
                  },
                  "inHouse": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/TodayEntry"
                    }
                  }
                },
                "required": [
                  "date",
                  "arrivals",
                  "departures",
                  "inHouse"
                ]
              },
              "FolioEntry": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "charge",
                      "payment",
                      "reversal"
                    ]
                  },
                  "description": {
                    "type": "string"
                  },
                  "amount": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Positive; a reversal carries the amount of the entry it reverses."
                  },
                  "category": {
                    "type": "string",
                    "enum": [
                      "room",
                      "fee",
                      "tax",
                      "minibar",
                      "laundry",
                      "service",
                      "food",
                      "other"
                    ],
                    "description": "For charges."
                  },
                  "method": {
                    "type": "string",
                    "enum": [
                      "cash",
                      "card_terminal",
                      "transfer"
                    ],
                    "description": "For payments."
                  },
                  "reverses": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "For reversals: the entry reversed."
                  },
                  "night": {
                    "$ref": "#/components/schemas/Date",
                    "description": "For a room charge: the night it is for."
                  },
                  "reversed": {
                    "type": "boolean",
                    "description": "Whether a later reversal cancels this entry."
                  }
                },
                "required": [
                  "id",
                  "kind",
                  "description",
                  "amount",
                  "reversed"
                ]
              },
              "Folio": {
                "type": "object",
                "description": "A stay's account.",
                "properties": {
                  "currency": {
                    "$ref": "#/components/schemas/Currency"
                  },
                  "balance": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Charges less payments, reversed entries left out."
                  },
                  "totalCharges": {
                    "$ref": "#/components/schemas/Money"
                  },
                  "totalPayments": {
                    "$ref": "#/components/schemas/Money"
                  },
                  "entries": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FolioEntry"
                    },
                    "description": "Oldest first; entries are never deleted."
                  }
                },
                "required": [
                  "currency",
                  "balance",
                  "totalCharges",
                  "totalPayments",
                  "entries"
                ]
              },
              "FormList": {
                "type": "object",
                "properties": {
                  "forms": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "forms"
                ]
              },
              "Form": {
                "type": "object",
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "sections": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FormSection"
                    }
                  }
                },
                "required": [
                  "name",
                  "sections"
                ]
              },
              "FormSection": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "titleKey": {
                    "type": "string"
                  },
                  "rows": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FormRow"
                    }
                  }
                },
                "required": [
                  "id",
                  "titleKey",
                  "rows"
                ]
              },
              "FormRow": {
                "type": "object",
                "properties": {
                  "key": {
                    "type": "string",
                    "description": "The value's name in the submitted JSON, as the API's errors name the field (`guest.name`)."
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "text",
                      "textarea",
                      "email",
                      "phone",
                      "date",
                      "dateTime",
                      "choice",
                      "segmented",
                      "stepper",
                      "switch",
                      "money",
                      "button"
                    ]
                  },
                  "labelKey": {
                    "type": "string"
                  },
                  "required": {
                    "type": "boolean"
                  },
                  "maxLength": {
                    "type": "integer"
                  },
                  "min": {
                    "$ref": "#/components/schemas/FormBound"
                  },
                  "max": {
                    "$ref": "#/components/schemas/FormBound"
                  },
                  "step": {
                    "type": "integer"
                  },
                  "options": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FormOption"
                    }
                  },
                  "optionsFrom": {
                    "type": "string",
                    "description": "Options the client loads: `rooms`, `staff`, `services`; the value is an id."
                  },
                  "visibleWhen": {
                    "$ref": "#/components/schemas/FormCondition"
                  },
                  "action": {
                    "type": "string",
                    "description": "A button's action."
                  }
                },
                "required": [
                  "key",
                  "kind",
                  "labelKey",
                  "required"
                ]
              },
              "FormBound": {
                "type": "object",
                "description": "A fixed limit (`value`: whole number, minor units for money, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`), or one relative to another row's value (`row` plus `days` and `minutes`); `exclusive` makes it strict.",
                "properties": {
                  "value": {
                    "description": "A JSON value: a number, a date or time as text, or true/false."
                  },
                  "row": {
                    "type": "string"
                  },
                  "days": {
                    "type": "integer"
                  },
                  "minutes": {
                    "type": "integer"
                  },
                  "exclusive": {
                    "type": "boolean"
                  }
                }
              },
              "FormOption": {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "string"
                  },
                  "labelKey": {
                    "type": "string"
                  }
                },
                "required": [
                  "value",
                  "labelKey"
                ]
              },
              "FormCondition": {
                "type": "object",
                "description": "The row shows while the row named has one of `values`.",
                "properties": {
                  "row": {
                    "type": "string"
                  },
                  "values": {
                    "type": "array",
                    "items": {
                      "description": "A JSON value: a number, a date or time as text, or true/false."
                    }
                  }
                },
                "required": [
                  "row",
                  "values"
                ]
              },
              "ChargeRequest": {
                "type": "object",
                "properties": {
                  "description": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 200,
                    "description": "1 to 200 characters, not blank."
                  },
                  "amount": {
                    "$ref": "#/components/schemas/Money",
                    "description": "More than zero, in the folio's currency."
                  },
                  "category": {
                    "type": "string",
                    "enum": [
                      "fee",
                      "minibar",
                      "laundry",
                      "service",
                      "food",
                      "other"
                    ],
                    "description": "`other` when absent; room and tax lines are posted only by check-in."
                  }
                },
                "required": [
                  "description",
                  "amount"
                ]
              },
              "PaymentRequest": {
                "type": "object",
                "properties": {
                  "amount": {
                    "$ref": "#/components/schemas/Money",
                    "description": "More than zero, in the folio's currency."
                  },
                  "method": {
                    "type": "string",
                    "enum": [
                      "cash",
                      "card_terminal",
                      "transfer"
                    ]
                  },
                  "description": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 200,
                    "description": "1 to 200 characters; `Payment (<method>)` when absent."
                  }
                },
                "required": [
                  "amount",
                  "method"
                ]
              },
              "ReversalRequest": {
                "type": "object",
                "properties": {
                  "entryId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The entry to reverse: on this folio, not a reversal, not reversed yet."
                  },
                  "reason": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 200,
                    "description": "1 to 200 characters, not blank; the reversal's description."
                  }
                },
                "required": [
                  "entryId",
                  "reason"
                ]
              },
              "AppointmentState": {
                "type": "string",
                "enum": [
                  "booked",
                  "checked_in",
                  "completed",
                  "cancelled",
                  "no_show"
                ],
                "description": "Where an appointment is in its life. `booked` may become `checked_in`, `completed`, `cancelled` or `no_show`; `checked_in` may become `completed`; nothing else changes state."
              },
              "Instant": {
                "type": "string",
                "format": "date-time",
                "examples": [
                  "2026-12-01T01:00:00Z"
                ],
                "description": "An RFC 3339 time, as the server writes it: in UTC, on a whole minute."
              },
              "Appointment": {
                "type": "object",
                "description": "A salon appointment: one member of staff, one service, from a minute for a number of minutes.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "staffId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The member of staff, a row of the salon's board."
                  },
                  "serviceId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "customerId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The customer, stored as a guest; a new one for every booking."
                  },
                  "start": {
                    "$ref": "#/components/schemas/Instant"
                  },
                  "end": {
                    "$ref": "#/components/schemas/Instant",
                    "description": "`start` plus `durationMinutes`."
                  },
                  "durationMinutes": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 5,
                    "maximum": 720
                  },
                  "state": {
                    "$ref": "#/components/schemas/AppointmentState"
                  },
                  "version": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Bumped on every change; the response's `ETag` is this number in quotes."
                  },
                  "notes": {
                    "type": "string"
                  }
                },
                "required": [
                  "id",
                  "propertyId",
                  "staffId",
                  "serviceId",
                  "customerId",
                  "start",
                  "end",
                  "durationMinutes",
                  "state",
                  "version",
                  "notes"
                ]
              },
              "CreateAppointmentRequest": {
                "type": "object",
                "properties": {
                  "staffId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A member of staff of the property (404, field `staffId`)."
                  },
                  "serviceId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A service of the property (404, field `serviceId`)."
                  },
                  "start": {
                    "type": "string",
                    "format": "date-time",
                    "examples": [
                      "2026-12-01T10:30:00+09:00"
                    ],
                    "description": "RFC 3339 with a zone or offset, on a whole minute, without fractions of a second."
                  },
                  "durationMinutes": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 5,
                    "maximum": 720,
                    "description": "5 to 720; the service's duration when absent."
                  },
                  "customer": {
                    "type": "object",
                    "properties": {
                      "name": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 200,
                        "description": "Not blank, at most 200 characters (a refusal names the field `guest.name`)."
                      },
                      "phone": {
                        "type": "string",
                        "description": "A number to call the customer on (digits, spaces, + - ( ), at most 40 characters), kept with the customer; a refusal names `guest.phone`."
                      }
                    },
                    "required": [
                      "name"
                    ]
                  },
                  "notes": {
                    "type": "string"
                  },
                  "outsideWorkingHours": {
                    "type": "boolean",
                    "default": false,
                    "description": "Book or move it even where it does not lie within the staff member's working hours on its day (otherwise 400, field `start`)."
                  }
                },
                "required": [
                  "staffId",
                  "serviceId",
                  "start",
                  "customer"
                ]
              },
              "EditAppointmentRequest": {
                "type": "object",
                "description": "What to change; absent fields stay as they are. The service and the customer cannot change.",
                "properties": {
                  "staffId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Another member of staff of the same property (404, field `staffId`)."
                  },
                  "start": {
                    "type": "string",
                    "format": "date-time",
                    "examples": [
                      "2026-12-01T11:15:00+09:00"
                    ],
                    "description": "RFC 3339 with a zone or offset, on a whole minute."
                  },
                  "durationMinutes": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 5,
                    "maximum": 720,
                    "description": "5 to 720."
                  },
                  "state": {
                    "$ref": "#/components/schemas/AppointmentState",
                    "description": "The new state; the same state as now changes nothing, a step the rules do not allow is refused with 422."
                  },
                  "notes": {
                    "type": "string"
                  },
                  "outsideWorkingHours": {
                    "type": "boolean",
                    "default": false,
                    "description": "Book or move it even where it does not lie within the staff member's working hours on its day (otherwise 400, field `start`)."
                  }
                }
              },
              "StatsFigures": {
                "type": "object",
                "description": "A night's figures, or the range's as one.",
                "properties": {
                  "date": {
                    "$ref": "#/components/schemas/Date",
                    "description": "The night; in `total`, the range's first night (`from`)."
                  },
                  "roomsAvailable": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "description": "Rooms not out of service (as they are now), less the rooms blocked that night by an imported calendar; in `total`, summed over the nights."
                  },
                  "roomsSold": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "description": "Stays holding a room that night (booked, checked in or checked out, with or without a room assigned); imported calendar blocks are not counted (nor their rooms as available); in `total`, room-nights."
                  },
                  "occupancy": {
                    "type": "number",
                    "format": "double",
                    "minimum": 0,
                    "description": "`roomsSold / roomsAvailable`, 0 without rooms available. Usually 0 to 1, but stays without a room or in a room out of service can push it over 1.",
                    "examples": [
                      0.25
                    ]
                  },
                  "roomRevenue": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The room types' nightly rates of the rooms sold (no fees or taxes), in the property's currency."
                  },
                  "adr": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Average daily rate: `roomRevenue / roomsSold`, rounded down; 0 when none sold."
                  },
                  "revPAR": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Revenue per available room: `roomRevenue / roomsAvailable`, rounded down; 0 without rooms available."
                  }
                },
                "required": [
                  "date",
                  "roomsAvailable",
                  "roomsSold",
                  "occupancy",
                  "roomRevenue",
                  "adr",
                  "revPAR"
                ]
              },
              "Stats": {
                "type": "object",
                "description": "Occupancy, ADR and RevPAR, per night and in total.",
                "properties": {
                  "from": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "to": {
                    "$ref": "#/components/schemas/Date",
                    "description": "Exclusive."
                  },
                  "days": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/StatsFigures"
                    },
                    "description": "One a night, from `from` to the night before `to`."
                  },
                  "total": {
                    "$ref": "#/components/schemas/StatsFigures",
                    "description": "The range as a whole: nights added up, and the ratios over the sums (not averages of the daily ratios)."
                  }
                },
                "required": [
                  "from",
                  "to",
                  "days",
                  "total"
                ]
              },
              "PublicProperty": {
                "type": "object",
                "description": "A hotel as guests see it.",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Baan Suan"
                    ]
                  },
                  "city": {
                    "type": "string",
                    "examples": [
                      "Chiang Mai"
                    ]
                  },
                  "region": {
                    "type": "string",
                    "examples": [
                      "Northern Thailand"
                    ]
                  },
                  "latitude": {
                    "type": "number",
                    "format": "double"
                  },
                  "longitude": {
                    "type": "number",
                    "format": "double"
                  },
                  "currency": {
                    "$ref": "#/components/schemas/Currency"
                  },
                  "timeZone": {
                    "type": "string",
                    "examples": [
                      "Asia/Bangkok"
                    ],
                    "description": "An IANA time zone."
                  },
                  "summary": {
                    "type": "string"
                  },
                  "amenities": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "photos": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "examples": [
                        "/photos/baan-suan-1.svg"
                      ]
                    },
                    "description": "Paths of the place's photos."
                  }
                },
                "required": [
                  "id",
                  "name",
                  "city",
                  "region",
                  "latitude",
                  "longitude",
                  "currency",
                  "timeZone",
                  "summary",
                  "amenities",
                  "photos"
                ]
              },
              "PlaceLabel": {
                "type": "object",
                "description": "A name in each of the guest site's languages; a name without a translation reads as stored.",
                "properties": {
                  "en": {
                    "type": "string"
                  },
                  "th": {
                    "type": "string",
                    "examples": [
                      "เชียงใหม่"
                    ]
                  },
                  "ja": {
                    "type": "string"
                  },
                  "ko": {
                    "type": "string",
                    "examples": [
                      "치앙마이"
                    ]
                  },
                  "vi": {
                    "type": "string"
                  }
                },
                "required": [
                  "en",
                  "th",
                  "ja",
                  "ko",
                  "vi"
                ]
              },
              "RegionSuggestion": {
                "type": "object",
                "description": "A city or region with bookable hotels.",
                "properties": {
                  "kind": {
                    "type": "string",
                    "enum": [
                      "city",
                      "region"
                    ]
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Chiang Mai"
                    ],
                    "description": "The stored (English) name: what to give the search as `region`."
                  },
                  "label": {
                    "$ref": "#/components/schemas/PlaceLabel",
                    "description": "The name in each language, for showing."
                  },
                  "region": {
                    "type": "string",
                    "examples": [
                      "Northern Thailand"
                    ],
                    "description": "A city's region; absent for a region."
                  },
                  "places": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "How many hotels with rooms it has."
                  },
                  "latitude": {
                    "type": "number",
                    "format": "double",
                    "description": "Its centre: the mean of its places' positions."
                  },
                  "longitude": {
                    "type": "number",
                    "format": "double"
                  }
                },
                "required": [
                  "kind",
                  "name",
                  "label",
                  "places",
                  "latitude",
                  "longitude"
                ]
              },
              "RegionSuggestions": {
                "type": "object",
                "properties": {
                  "suggestions": {
                    "type": "array",
                    "maxItems": 8,
                    "items": {
                      "$ref": "#/components/schemas/RegionSuggestion"
                    },
                    "description": "Best match first."
                  }
                },
                "required": [
                  "suggestions"
                ]
              },
              "PriceLine": {
                "type": "object",
                "properties": {
                  "name": {
                    "type": "string",
                    "examples": [
                      "Garden Double, night of 2026-12-01"
                    ]
                  },
                  "amount": {
                    "$ref": "#/components/schemas/Money"
                  },
                  "night": {
                    "$ref": "#/components/schemas/Date",
                    "description": "For a night's line: the night."
                  }
                },
                "required": [
                  "name",
                  "amount"
                ]
              },
              "Price": {
                "type": "object",
                "description": "A stay's price, itemised.",
                "properties": {
                  "nights": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PriceLine"
                    },
                    "description": "A line a night, at that night's rate."
                  },
                  "fees": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PriceLine"
                    },
                    "description": "The property's fees for the stay."
                  },
                  "taxes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PriceLine"
                    },
                    "description": "Each tax on the nights and fees, rounded per line."
                  },
                  "total": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Everything: what the folio will charge."
                  }
                },
                "required": [
                  "nights",
                  "fees",
                  "taxes",
                  "total"
                ]
              },
              "Coordinate": {
                "type": "object",
                "description": "A position in degrees (WGS 84), to six decimals.",
                "properties": {
                  "latitude": {
                    "type": "number",
                    "format": "double",
                    "minimum": -90,
                    "maximum": 90
                  },
                  "longitude": {
                    "type": "number",
                    "format": "double",
                    "minimum": -180,
                    "maximum": 180
                  }
                },
                "required": [
                  "latitude",
                  "longitude"
                ]
              },
              "PriceBucket": {
                "type": "object",
                "properties": {
                  "from": {
                    "type": "integer",
                    "format": "int64",
                    "description": "From this nightly price (minor units), inclusive."
                  },
                  "to": {
                    "type": "integer",
                    "format": "int64",
                    "description": "To this one, exclusive (inclusive for the last bucket)."
                  },
                  "count": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "description": "Room types on offer with a nightly price in the bucket."
                  }
                },
                "required": [
                  "from",
                  "to",
                  "count"
                ]
              },
              "SearchOffer": {
                "type": "object",
                "description": "A room type on offer for the dates and the party.",
                "properties": {
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomType": {
                    "type": "string",
                    "examples": [
                      "Garden Double"
                    ]
                  },
                  "capacity": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "How many guests a room of the type sleeps."
                  },
                  "nightly": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The room price a night: the nights' rates over the nights, rounded down."
                  },
                  "total": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The price for the stay, fees and taxes included."
                  },
                  "available": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "Rooms of the type free on every night."
                  }
                },
                "required": [
                  "roomTypeId",
                  "roomType",
                  "capacity",
                  "nightly",
                  "total",
                  "available"
                ]
              },
              "SearchResult": {
                "type": "object",
                "description": "A place with a room free for the dates and the party.",
                "properties": {
                  "property": {
                    "$ref": "#/components/schemas/PublicProperty"
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "The cheapest room type on offer within the price range (by total)."
                  },
                  "roomType": {
                    "type": "string",
                    "examples": [
                      "Garden Double"
                    ],
                    "description": "Its name."
                  },
                  "nightly": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Its room price a night: the nights' rates over the nights, rounded down."
                  },
                  "total": {
                    "$ref": "#/components/schemas/Money",
                    "description": "Its price for the stay, fees and taxes included."
                  },
                  "nights": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomTypes": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "How many of the place's room types are on offer within the price range."
                  },
                  "offers": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchOffer"
                    },
                    "description": "Every room type on offer for the dates and the party, before the price filter, cheapest `total` first."
                  },
                  "distanceKm": {
                    "type": "number",
                    "format": "double",
                    "minimum": 0,
                    "description": "Great-circle distance from the search's `centre`, in km to one decimal."
                  }
                },
                "required": [
                  "property",
                  "roomTypeId",
                  "roomType",
                  "nightly",
                  "total",
                  "nights",
                  "roomTypes",
                  "offers",
                  "distanceKm"
                ]
              },
              "Search": {
                "type": "object",
                "description": "Places for the dates and the party, and the prices behind the guest site's price slider.",
                "properties": {
                  "region": {
                    "type": "string",
                    "examples": [
                      "chiang mai"
                    ],
                    "description": "The `region` asked for, trimmed and lowercased."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16
                  },
                  "sort": {
                    "type": "string",
                    "enum": [
                      "price",
                      "distance"
                    ],
                    "description": "The order of `results`."
                  },
                  "count": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "description": "How many results."
                  },
                  "currency": {
                    "$ref": "#/components/schemas/Currency",
                    "description": "The currency of the first place with a room on offer, the histogram's; absent without one."
                  },
                  "centre": {
                    "$ref": "#/components/schemas/Coordinate",
                    "description": "The centre of the city or region that best matches `region` (the mean of its places); absent when nothing matches."
                  },
                  "histogram": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PriceBucket"
                    },
                    "description": "Nightly prices of every room type on offer, before the price filter, in up to 20 buckets of a round width (a multiple of 100 for JPY, of 1,000 minor units otherwise); only the places in `currency` count. Empty without offers."
                  },
                  "results": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchResult"
                    },
                    "description": "Cheapest `total` first, or with `sort=distance` nearest `centre` first."
                  }
                },
                "required": [
                  "region",
                  "arrival",
                  "departure",
                  "adults",
                  "children",
                  "sort",
                  "count",
                  "histogram",
                  "results"
                ]
              },
              "PublicRoomType": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "name": {
                    "type": "string",
                    "examples": [
                      "Garden Double"
                    ]
                  },
                  "capacity": {
                    "type": "integer",
                    "format": "int64",
                    "description": "How many guests a room of this type sleeps."
                  },
                  "baseRate": {
                    "$ref": "#/components/schemas/Money",
                    "description": "The price of a night before fees and taxes."
                  },
                  "available": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "description": "Rooms of the type free for the dates; present only when dates were asked for."
                  },
                  "price": {
                    "$ref": "#/components/schemas/Price",
                    "description": "The price for the dates; present only when dates were asked for and the type is free and sleeps the party."
                  }
                },
                "required": [
                  "id",
                  "name",
                  "capacity",
                  "baseRate"
                ]
              },
              "PublicPropertyDetail": {
                "type": "object",
                "description": "A place, and with dates each room type's availability and price.",
                "properties": {
                  "property": {
                    "$ref": "#/components/schemas/PublicProperty"
                  },
                  "policy": {
                    "type": "object",
                    "properties": {
                      "freeCancellationDays": {
                        "type": "integer",
                        "format": "int64",
                        "description": "Free cancellation until this many days before arrival."
                      },
                      "lateCancellationPercent": {
                        "type": "integer",
                        "format": "int64",
                        "minimum": 0,
                        "description": "The share of the total charged for a later cancellation, in whole percent."
                      }
                    },
                    "required": [
                      "freeCancellationDays",
                      "lateCancellationPercent"
                    ]
                  },
                  "checkIn": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When check-in opens on the arrival day."
                  },
                  "checkOut": {
                    "$ref": "#/components/schemas/ClockTime",
                    "description": "When check-out is due on the departure day."
                  },
                  "roomTypes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PublicRoomType"
                    }
                  }
                },
                "required": [
                  "property",
                  "policy",
                  "checkIn",
                  "checkOut",
                  "roomTypes"
                ]
              },
              "PublicBookingRequest": {
                "type": "object",
                "properties": {
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A hotel (404, field `propertyId`)."
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "description": "A room type of the hotel (404, field `roomTypeId`)."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date",
                    "description": "Today or later in the hotel's time zone."
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date",
                    "description": "After `arrival`."
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16,
                    "description": "At least one; adults and children together at most the room type's capacity."
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16,
                    "description": "0 when absent."
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot (at most 5; not counted against the capacity). 0 when absent."
                  },
                  "guest": {
                    "type": "object",
                    "properties": {
                      "name": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 200,
                        "description": "Not blank."
                      },
                      "email": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 254,
                        "description": "Required, not empty."
                      },
                      "phone": {
                        "type": "string",
                        "maxLength": 40,
                        "pattern": "^[0-9 +()-]*$",
                        "description": "Digits, spaces and `+-()`."
                      }
                    },
                    "required": [
                      "name",
                      "email"
                    ]
                  },
                  "arrivalTime": {
                    "type": "string",
                    "pattern": "^[0-9]{1,2}:[0-9]{1,2}$",
                    "examples": [
                      "15:30"
                    ],
                    "description": "When the guest expects to arrive, `H:MM` or `HH:MM`; kept in the stay's notes."
                  },
                  "requests": {
                    "type": "string",
                    "description": "Wishes, kept in the stay's notes (at most 2,000 characters with the arrival time; a refusal names the field `notes`)."
                  }
                },
                "required": [
                  "propertyId",
                  "roomTypeId",
                  "arrival",
                  "departure",
                  "adults",
                  "guest"
                ]
              },
              "PublicBooking": {
                "type": "object",
                "description": "A guest's booking, confirmed.",
                "properties": {
                  "confirmationCode": {
                    "type": "string",
                    "examples": [
                      "FD-7K2Q9X"
                    ]
                  },
                  "property": {
                    "type": "string",
                    "description": "The hotel's name."
                  },
                  "roomType": {
                    "type": "string",
                    "description": "The room type's name."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "nights": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot: they do not count against the room type's capacity."
                  },
                  "guestName": {
                    "type": "string"
                  },
                  "price": {
                    "$ref": "#/components/schemas/Price"
                  }
                },
                "required": [
                  "confirmationCode",
                  "property",
                  "roomType",
                  "arrival",
                  "departure",
                  "nights",
                  "adults",
                  "children",
                  "infants",
                  "guestName",
                  "price"
                ]
              },
              "ManagedBooking": {
                "type": "object",
                "description": "A booking as its guest manages it.",
                "properties": {
                  "confirmationCode": {
                    "type": "string",
                    "examples": [
                      "FD-7K2Q9XAB"
                    ]
                  },
                  "propertyId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "property": {
                    "type": "string",
                    "description": "The place's name."
                  },
                  "roomTypeId": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "roomType": {
                    "type": "string",
                    "description": "The room type's name."
                  },
                  "arrival": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "departure": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "nights": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1
                  },
                  "adults": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 1,
                    "maximum": 16
                  },
                  "children": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 16
                  },
                  "infants": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": 0,
                    "maximum": 5,
                    "description": "Under-twos, in a cot: they do not count against the room type's capacity."
                  },
                  "guestName": {
                    "type": "string"
                  },
                  "state": {
                    "type": "string",
                    "enum": [
                      "booked",
                      "checked_in",
                      "checked_out",
                      "cancelled",
                      "no_show"
                    ]
                  },
                  "price": {
                    "$ref": "#/components/schemas/Price",
                    "description": "The stay's price, itemised: each night at the rate it was booked at (a night added since, at the current rate), the place's fees and taxes; what check-in charges."
                  },
                  "balance": {
                    "type": "object",
                    "description": "The stay's folio as it stands: nothing is charged before check-in but a late-cancellation fee.",
                    "properties": {
                      "paid": {
                        "$ref": "#/components/schemas/Money",
                        "description": "Payments received."
                      },
                      "due": {
                        "$ref": "#/components/schemas/Money",
                        "description": "Charges less payments."
                      }
                    },
                    "required": [
                      "paid",
                      "due"
                    ]
                  },
                  "cancellation": {
                    "type": "object",
                    "description": "What cancelling now would mean, by the place's policy.",
                    "properties": {
                      "allowed": {
                        "type": "boolean",
                        "description": "Whether the guest may cancel now: only a booked stay, up to and including its arrival day."
                      },
                      "freeUntil": {
                        "$ref": "#/components/schemas/Date",
                        "description": "The last day, in the place's time zone, on which cancelling costs nothing."
                      },
                      "fee": {
                        "$ref": "#/components/schemas/Money",
                        "description": "What cancelling now costs: zero until `freeUntil`, then the policy's share of the total; zero when not allowed."
                      },
                      "reason": {
                        "type": "string",
                        "description": "Why the guest may not cancel; absent when they may.",
                        "examples": [
                          "the stay is checked in; ask the front desk"
                        ]
                      }
                    },
                    "required": [
                      "allowed",
                      "freeUntil",
                      "fee"
                    ]
                  }
                },
                "required": [
                  "confirmationCode",
                  "propertyId",
                  "property",
                  "roomTypeId",
                  "roomType",
                  "arrival",
                  "departure",
                  "nights",
                  "adults",
                  "children",
                  "infants",
                  "guestName",
                  "state",
                  "price",
                  "balance",
                  "cancellation"
                ]
              },
              "CancelBookingRequest": {
                "type": "object",
                "properties": {
                  "email": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The email address the booking was made with (400 `email` when missing or blank)."
                  }
                },
                "required": [
                  "email"
                ]
              },
              "ICalLinks": {
                "type": "object",
                "required": [
                  "exportUrl",
                  "imports"
                ],
                "properties": {
                  "exportUrl": {
                    "type": "string",
                    "description": "The room's calendar for channel managers, with its secret token; give it to Airbnb, Booking.com and the like."
                  },
                  "imports": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "id",
                        "source",
                        "importedAt",
                        "blocks"
                      ],
                      "properties": {
                        "id": {
                          "type": "integer"
                        },
                        "source": {
                          "type": "string",
                          "description": "The feed's URL, or `upload`."
                        },
                        "importedAt": {
                          "$ref": "#/components/schemas/Instant"
                        },
                        "blocks": {
                          "type": "integer",
                          "description": "Its blocks in force."
                        }
                      }
                    }
                  }
                }
              },
              "ICalImportRequest": {
                "type": "object",
                "required": [
                  "url"
                ],
                "properties": {
                  "url": {
                    "type": "string",
                    "format": "uri",
                    "description": "An http or https address of an iCalendar feed; the server fetches it (at most 1 MiB, 15 seconds)."
                  }
                }
              },
              "ICalImportResult": {
                "type": "object",
                "required": [
                  "importId",
                  "source",
                  "added",
                  "kept",
                  "removed",
                  "conflicts"
                ],
                "properties": {
                  "importId": {
                    "type": "integer"
                  },
                  "source": {
                    "type": "string"
                  },
                  "added": {
                    "type": "integer",
                    "description": "New events, now blocks (stays of source `ical`, style 4 on the board)."
                  },
                  "kept": {
                    "type": "integer",
                    "description": "Events unchanged since the last import of this source."
                  },
                  "removed": {
                    "type": "integer",
                    "description": "Blocks cancelled because their event is gone or has changed."
                  },
                  "conflicts": {
                    "type": "array",
                    "description": "Events refused because a booking holds the room on one of their nights.",
                    "items": {
                      "type": "object",
                      "required": [
                        "uid",
                        "arrival",
                        "departure",
                        "message"
                      ],
                      "properties": {
                        "uid": {
                          "type": "string"
                        },
                        "arrival": {
                          "$ref": "#/components/schemas/Date"
                        },
                        "departure": {
                          "$ref": "#/components/schemas/Date"
                        },
                        "message": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "Input that can never be right: malformed JSON, a missing or mistyped field, a bad date, id or `If-Match` (`invalid`, naming the field).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "invalid",
                        "message": "'2026-13-01' is not a date (YYYY-MM-DD)",
                        "field": "arrival"
                      }
                    }
                  }
                }
              },
              "Unauthorized": {
                "description": "No session, or it has ended (`unauthorized`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "unauthorized",
                        "message": "sign in first"
                      }
                    }
                  }
                }
              },
              "Forbidden": {
                "description": "A viewer tried to change something (`forbidden`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "forbidden",
                        "message": "a viewer cannot change anything"
                      }
                    }
                  }
                }
              },
              "NotFound": {
                "description": "Something named does not exist (`not_found`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "not_found",
                        "message": "no stay 42"
                      }
                    }
                  }
                }
              },
              "Conflict": {
                "description": "A room is taken on one of the nights (`conflict`, naming the booking in the way).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "conflict",
                        "message": "room 101 is taken by stay 7 (FD-7K2Q9X, Ann Lee, 2026-12-01 to 2026-12-03)",
                        "field": "roomId"
                      }
                    }
                  }
                }
              },
              "Stale": {
                "description": "`If-Match` names an older version than the stored one (`stale`): reload the stay.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "stale",
                        "message": "stay 42 has changed (version 3, not 2); reload it"
                      }
                    }
                  }
                }
              },
              "TooLarge": {
                "description": "The body is larger than 1 MiB (`too_large`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "too_large",
                        "message": "the body is larger than 1048576 bytes"
                      }
                    }
                  }
                }
              },
              "NotAllowed": {
                "description": "The rules do not allow this now (`not_allowed`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "not_allowed",
                        "message": "only a booked stay can be cancelled (it is checked_in)"
                      }
                    }
                  }
                }
              },
              "PreconditionRequired": {
                "description": "No `If-Match` (`precondition_required`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "precondition_required",
                        "message": "send If-Match with the stay's ETag, so that an edit never overwrites one made meanwhile",
                        "field": "If-Match"
                      }
                    }
                  }
                }
              },
              "RateLimited": {
                "description": "Too many requests from this client address (`rate_limited`): the public API allows a number a minute per address (120 by default), refilled continuously.",
                "headers": {
                  "Retry-After": {
                    "description": "Seconds to wait: `5`.",
                    "schema": {
                      "type": "string",
                      "examples": [
                        "5"
                      ]
                    }
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "rate_limited",
                        "message": "too many requests; try again in a few seconds"
                      }
                    }
                  }
                }
              },
              "InternalError": {
                "description": "Something unexpected went wrong on the server (`internal`); it is logged, not described.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    },
                    "example": {
                      "error": {
                        "code": "internal",
                        "message": "something went wrong on the server"
                      }
                    }
                  }
                }
              }
            },
            "parameters": {
              "PropertyId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The property's id.",
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 1
                }
              },
              "ConfirmationCode": {
                "name": "code",
                "in": "path",
                "required": true,
                "description": "The booking's confirmation code, as the booking answered it (case does not matter).",
                "schema": {
                  "type": "string",
                  "maxLength": 40,
                  "examples": [
                    "FD-7K2Q9XAB"
                  ]
                }
              },
              "StayId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The stay's id.",
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 1
                }
              },
              "AppointmentId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The appointment's id.",
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 1
                }
              },
              "AppointmentIfMatch": {
                "name": "If-Match",
                "in": "header",
                "required": true,
                "description": "The appointment's `ETag` as read: `\"3\"` (also accepted: `W/\"3\"` and `3`).",
                "schema": {
                  "type": "string",
                  "pattern": "^(W/)?\"?[0-9]+\"?$",
                  "examples": [
                    "\"3\""
                  ]
                }
              },
              "IdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": false,
                "description": "A key the client makes up for this booking (8 to 200 visible ASCII characters), so that a retry cannot book twice.",
                "schema": {
                  "type": "string",
                  "minLength": 8,
                  "maxLength": 200,
                  "pattern": "^[!-~]+$",
                  "examples": [
                    "tap-7f3a9c1e"
                  ]
                }
              },
              "PublicIdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": true,
                "description": "A key the guest's client makes up for this booking (8 to 200 visible ASCII characters), so that a double tap or a retry books once; 400 (field `Idempotency-Key`) without it.",
                "schema": {
                  "type": "string",
                  "minLength": 8,
                  "maxLength": 200,
                  "pattern": "^[!-~]+$",
                  "examples": [
                    "guest-7f3a9c1e"
                  ]
                }
              },
              "IfMatchRequired": {
                "name": "If-Match",
                "in": "header",
                "required": true,
                "description": "The stay's `ETag` as read: `\"3\"` (also accepted: `W/\"3\"` and `3`).",
                "schema": {
                  "type": "string",
                  "pattern": "^(W/)?\"?[0-9]+\"?$",
                  "examples": [
                    "\"3\""
                  ]
                }
              },
              "IfMatchOptional": {
                "name": "If-Match",
                "in": "header",
                "required": false,
                "description": "The stay's `ETag` as read: `\"3\"` (also `W/\"3\"` and `3`). When given, the action is refused with 412 if the stay has changed since.",
                "schema": {
                  "type": "string",
                  "pattern": "^(W/)?\"?[0-9]+\"?$",
                  "examples": [
                    "\"3\""
                  ]
                }
              },
              "RoomTypeId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The room type's id.",
                "schema": {
                  "type": "integer"
                }
              },
              "RoomId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The room's id.",
                "schema": {
                  "type": "integer"
                }
              }
            },
            "headers": {
              "ETag": {
                "description": "The stay's version in quotes; send it back as `If-Match`.",
                "schema": {
                  "type": "string",
                  "pattern": "^\"[0-9]+\"$",
                  "examples": [
                    "\"3\""
                  ]
                }
              },
              "Location": {
                "description": "The new stay's path.",
                "schema": {
                  "type": "string",
                  "examples": [
                    "/api/v1/stays/42"
                  ]
                }
              },
              "AppointmentETag": {
                "description": "The appointment's version in quotes; send it back as `If-Match`.",
                "schema": {
                  "type": "string",
                  "pattern": "^\"[0-9]+\"$",
                  "examples": [
                    "\"1\""
                  ]
                }
              },
              "AppointmentLocation": {
                "description": "The new appointment's path.",
                "schema": {
                  "type": "string",
                  "examples": [
                    "/api/v1/appointments/7"
                  ]
                }
              },
              "IdempotentReplayed": {
                "description": "`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.",
                "schema": {
                  "type": "string",
                  "enum": [
                    "true"
                  ]
                }
              },
              "SetSessionCookie": {
                "description": "`frontdesk_session=<token>; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax` (and `Secure` when the server is configured for HTTPS).",
                "schema": {
                  "type": "string"
                }
              },
              "ClearSessionCookie": {
                "description": "`frontdesk_session=` with `Max-Age=0`, removing the cookie.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "securitySchemes": {
              "sessionCookie": {
                "type": "apiKey",
                "in": "cookie",
                "name": "frontdesk_session",
                "description": "The session token `POST /api/v1/session` sets: HttpOnly, SameSite=Lax, 12 hours."
              }
            }
          }
        }
        """#
}
