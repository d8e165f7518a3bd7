import API
import Booking

/// Rooms between guests: the morning's list, a room's status and housekeeper, and rooms out of
/// service. Each decodes its input, calls its `HousekeepingDesk` operation and encodes the answer.
extension FrontdeskAPI {
    func getHousekeeping(_ input: Operations.GetHousekeeping.Input) async throws -> Operations.GetHousekeeping.Output {
        // The operation reads the property and answers 404 for one the member of staff does not work at.
        let list = try await housekeeping.housekeepingList(propertyID: input.path.id, by: try staff)
        let typeNames = Dictionary(
            uniqueKeysWithValues: try await store.roomTypes(propertyID: input.path.id).map {
                ($0.id, $0.name)
            })
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: list.day.iso,
                        rooms: try list.lines.map { line in
                            .init(
                                room: try .init(line.room), roomType: typeNames[line.room.roomTypeID] ?? "",
                                departure: line.departure, arrival: line.arrival, occupied: line.occupied,
                                block: line.block.map(Components.Schemas.RoomBlock.init))
                        }))))
    }

    func updateRoomHousekeeping(_ input: Operations.UpdateRoomHousekeeping.Input) async throws
        -> Operations.UpdateRoomHousekeeping.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let room = try await housekeeping.updateHousekeeping(
            roomID: input.path.id, status: try body.status.map { try documented($0.rawValue) },
            housekeeper: body.housekeeper, by: try context.staff(for: .housekeeping))
        return .ok(.init(body: .json(try .init(room))))
    }

    func blockRoom(_ input: Operations.BlockRoom.Input) async throws -> Operations.BlockRoom.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let nights = try Nights(
            arrival: try Day.parse(body.from, field: "from"), departure: try Day.parse(body.to, field: "to"))
        let block = try await housekeeping.blockRoom(
            roomID: input.path.id, nights: nights, reason: body.reason, by: try context.staff(for: .housekeeping))
        return .created(.init(body: .json(.init(block))))
    }

    func returnRoomToService(_ input: Operations.ReturnRoomToService.Input) async throws
        -> Operations.ReturnRoomToService.Output
    {
        guard
            let block = try await housekeeping.returnToService(
                blockID: input.path.id, by: try context.staff(for: .housekeeping))
        else {
            return .noContent(.init())
        }
        return .ok(.init(body: .json(.init(block))))
    }
}

extension Components.Schemas.Room {
    init(_ room: Room) throws {
        self.init(
            id: room.id, roomTypeId: room.roomTypeID, number: room.number, floor: room.floor,
            housekeeping: try documented(room.housekeeping.rawValue), housekeeper: room.housekeeper)
    }
}

extension Components.Schemas.RoomBlock {
    init(_ block: RoomBlock) {
        self.init(
            id: block.id, roomId: block.roomID, from: block.nights.arrival.iso, to: block.nights.departure.iso,
            reason: block.reason)
    }
}
