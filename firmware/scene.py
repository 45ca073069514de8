# The base of every scene: no reaction, nothing running by itself.
class Scene:
    def __init__(self, app):
        self.app = app

    def handle(self, key, event):
        return False

    def tick(self, now):
        return False

    def busy(self):
        return False

    def draw(self, fb):
        pass

    def after_frame(self):
        """After a frame of this scene went out: work that the player
        need not wait for (a save, a collection)."""
